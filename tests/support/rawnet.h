// Raw loopback sockets for the server's tests: HTTP requests sent byte by byte as a test needs
// them (half-sent, from another loopback address, with any Host or Origin), and a WebSocket
// client that can send what a browser never would (RSV bits, unmasked frames, a frame that
// declares 2 GB) and that can stop reading. Every wait is bounded.
#ifndef TW_TEST_RAWNET_H
#define TW_TEST_RAWNET_H
#include <stdbool.h>
#include <stddef.h>

typedef struct tw_raw {
	int fd;
	char buf[1 << 16]; ///< bytes read and not yet taken
	size_t len;
	bool eof;          ///< the server closed (or reset) the connection
} tw_raw;

/// Connects to 127.0.0.1:port from the loopback address `from` ("127.0.0.2"; NULL = any),
/// with a receive buffer of `rcvbuf` bytes (0 = the system's). NULL on failure.
tw_raw *tw_raw_connect(int port, const char *from, int rcvbuf);
void tw_raw_close(tw_raw *c);
bool tw_raw_send(tw_raw *c, const void *data, size_t len);
/// Reads until `text` is in the buffer, the connection ends, or `timeout` seconds pass.
bool tw_raw_wait_for(tw_raw *c, const char *text, double timeout);
/// True if the server ended the connection within `timeout` seconds (what it sends is read).
bool tw_raw_wait_closed(tw_raw *c, double timeout);
/// A whole HTTP exchange on a new connection (the request as given; the server closes after
/// its answer): the status code, or -1 if none came within `timeout`. The answer's body goes
/// to `body` (NUL-terminated) if not NULL.
int tw_raw_http(int port, const char *from, const char *request, char *body, size_t cap, double timeout);
/// The WebSocket handshake for game and token with the given Host and Origin (NULL: none);
/// true on 101. Frames that follow the answer stay in the buffer.
bool tw_raw_ws_open(tw_raw *c, const char *host, const char *origin, const char *game, const char *token);
/// Sends one frame. b0 is the first byte (FIN, RSV bits, opcode); `declared` >= 0 puts that
/// length in the header instead of len (only len bytes of payload follow).
bool tw_raw_ws_send(tw_raw *c, int b0, bool masked, const void *payload, size_t len, long long declared);
/// Sends a text message (one masked frame).
bool tw_raw_ws_text(tw_raw *c, const char *text);
/// Reads one server frame: its opcode, its payload in `out` (NUL-terminated, cut at cap); -1 if
/// none came within `timeout` or the connection ended.
int tw_raw_ws_read(tw_raw *c, char *out, size_t cap, double timeout);

#endif
