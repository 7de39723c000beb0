// The wall-clock watchdog of a doctrine's call. The count hook reads the clock only every 1000
// VM instructions, and one instruction can take long (comparing two 8 MB strings, copying a
// million arguments), so the hook alone lets a doctrine overrun by 1000 such instructions.
// Instead each call sets a POSIX timer aimed at the calling thread (SIGEV_THREAD_ID). At the
// deadline its signal handler, on that thread, sets the count hook to fire on the very next
// instruction (lua_sethook may be called from a signal handler: Lua's own lua.c stops a script
// on SIGINT that way) and raises the `expired` flag that the bounded C functions poll. It
// changes nothing else, so a doctrine that stays within its limits runs exactly as without it.
// Works on any thread (studies with --jobs, the server's workers). Should the signal be taken
// by the host, or no timer be available, the hook, the allocator and tw_lua_charge still read
// the clock themselves.
#define _GNU_SOURCE
#include <errno.h>
#include <lua.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lua_doctrine.h"

/// The signal of the watchdog's timers (a real-time signal the engine uses for nothing else).
#define TW_LUA_WATCH_SIGNAL (SIGRTMAX - 3)

// The doctrine whose call runs on this thread (read by the signal handler).
static _Thread_local tw_lua_doctrine *volatile watched;
static pthread_once_t install_once = PTHREAD_ONCE_INIT;
static bool installed;

static void on_deadline(int sig, siginfo_t *si, void *uc)
{
	(void)sig;
	(void)uc;
	int saved = errno;
	tw_lua_doctrine *d = watched;
	if (d && d->L && si->si_value.sival_int == d->watch_gen) {
		d->expired = 1;
		lua_sethook(d->L, tw_lua_hook, LUA_MASKCOUNT, 1);
	}
	errno = saved;
}

static void install(void)
{
	struct sigaction old;
	if (sigaction(TW_LUA_WATCH_SIGNAL, NULL, &old) != 0)
		return;
	bool taken = (old.sa_flags & SA_SIGINFO) ? old.sa_sigaction != NULL
						 : (old.sa_handler != SIG_DFL && old.sa_handler != SIG_IGN);
	if (taken)
		return; // the host program uses this signal: keep to the clock checks
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_sigaction = on_deadline;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	installed = sigaction(TW_LUA_WATCH_SIGNAL, &sa, NULL) == 0;
}

void tw_lua_watch_start(tw_lua_doctrine *d)
{
	d->timer_on = false;
	d->unblocked = false;
	pthread_once(&install_once, install);
	if (!installed)
		return;
	sigset_t mask, cur;
	sigemptyset(&mask);
	sigaddset(&mask, TW_LUA_WATCH_SIGNAL);
	if (pthread_sigmask(SIG_BLOCK, NULL, &cur) == 0 && sigismember(&cur, TW_LUA_WATCH_SIGNAL) == 1)
		d->unblocked = pthread_sigmask(SIG_UNBLOCK, &mask, NULL) == 0;
	struct sigevent sev;
	memset(&sev, 0, sizeof sev);
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = TW_LUA_WATCH_SIGNAL;
	sev.sigev_value.sival_int = ++d->watch_gen;
#ifdef sigev_notify_thread_id
	sev.sigev_notify_thread_id = gettid();
#else
	sev._sigev_un._tid = gettid();
#endif
	if (timer_create(CLOCK_MONOTONIC, &sev, &d->timer) != 0)
		goto restore;
	d->watch_prev = watched;
	watched = d;
	struct itimerspec when;
	memset(&when, 0, sizeof when);
	when.it_value = d->deadline;
	if (timer_settime(d->timer, TIMER_ABSTIME, &when, NULL) != 0) {
		timer_delete(d->timer);
		watched = d->watch_prev;
		goto restore;
	}
	d->timer_on = true;
	return;
restore:
	if (d->unblocked)
		pthread_sigmask(SIG_BLOCK, &mask, NULL);
	d->unblocked = false;
}

void tw_lua_watch_stop(tw_lua_doctrine *d)
{
	if (!d->timer_on)
		return;
	// Deleting the timer discards a signal it has queued and not yet delivered; one already
	// delivered has run its handler by the time timer_delete returns.
	timer_delete(d->timer);
	watched = d->watch_prev;
	d->timer_on = false;
	if (d->unblocked) {
		sigset_t mask;
		sigemptyset(&mask);
		sigaddset(&mask, TW_LUA_WATCH_SIGNAL);
		pthread_sigmask(SIG_BLOCK, &mask, NULL);
		d->unblocked = false;
	}
}
