// Terrain pieces as static ODE geometry: each piece is an extruded prism (a trimesh), so
// hill board layers, houses, walls, rocks and tree trunks of any outline collide with the
// projectile's capsule and the figures' boxes. Caps are triangulated by ear clipping.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "phys.h"

#define PH_CIRCLE_SIDES 16

static double ph_area2(const tw_vec2 *v, int n)
{
	double a = 0;
	for (int i = 0, j = n - 1; i < n; j = i++)
		a += v[j].x * v[i].y - v[i].x * v[j].y;
	return a;
}

static bool ph_in_tri(tw_vec2 p, tw_vec2 a, tw_vec2 b, tw_vec2 c)
{
	double d1 = tw_cross(tw_sub(b, a), tw_sub(p, a));
	double d2 = tw_cross(tw_sub(c, b), tw_sub(p, b));
	double d3 = tw_cross(tw_sub(a, c), tw_sub(p, c));
	return d1 >= 0 && d2 >= 0 && d3 >= 0;
}

// Ear clipping of a CCW simple polygon; writes up to n-2 triangles (CCW); returns the count.
static int ph_triangulate(const tw_vec2 *v, int n, int (*tri)[3])
{
	int ring[PH_CIRCLE_SIDES > TW_MAX_VERTS ? PH_CIRCLE_SIDES : TW_MAX_VERTS];
	int m = n, nt = 0;
	for (int i = 0; i < n; i++)
		ring[i] = i;
	int guard = 0;
	while (m > 3 && guard++ < 4 * n * n) {
		bool clipped = false;
		for (int k = 0; k < m; k++) {
			int ia = ring[(k + m - 1) % m], ib = ring[k], ic = ring[(k + 1) % m];
			tw_vec2 a = v[ia], b = v[ib], c = v[ic];
			if (tw_cross(tw_sub(b, a), tw_sub(c, b)) <= 0)
				continue; // reflex or flat
			bool ear = true;
			for (int q = 0; q < m && ear; q++) {
				int iq = ring[q];
				if (iq != ia && iq != ib && iq != ic && ph_in_tri(v[iq], a, b, c))
					ear = false;
			}
			if (!ear)
				continue;
			tri[nt][0] = ia;
			tri[nt][1] = ib;
			tri[nt][2] = ic;
			nt++;
			memmove(&ring[k], &ring[k + 1], (size_t)(m - k - 1) * sizeof ring[0]);
			m--;
			clipped = true;
			break;
		}
		if (!clipped)
			break; // degenerate outline: fan the rest
	}
	for (int k = 1; k + 1 < m; k++) {
		tri[nt][0] = ring[0];
		tri[nt][1] = ring[k];
		tri[nt][2] = ring[k + 1];
		nt++;
	}
	return nt;
}

tw_status ph_prism_build(ph_prism *p, dSpaceID space, const tw_terrain *t)
{
	memset(p, 0, sizeof *p);
	tw_vec2 v[PH_CIRCLE_SIDES > TW_MAX_VERTS ? PH_CIRCLE_SIDES : TW_MAX_VERTS];
	int n;
	if (t->shape == TW_SHAPE_CIRCLE) {
		n = PH_CIRCLE_SIDES;
		double R = t->radius / cos(M_PI / PH_CIRCLE_SIDES); // circumscribed: the circle is inside
		for (int i = 0; i < n; i++) {
			double a = 2 * M_PI * i / n;
			v[i] = tw_v2(t->center.x + R * cos(a), t->center.y + R * sin(a));
		}
	} else {
		n = t->nverts;
		if (n < 3 || n > TW_MAX_VERTS)
			return TW_ERR_INPUT;
		memcpy(v, t->v, (size_t)n * sizeof v[0]);
		if (ph_area2(v, n) < 0)
			for (int i = 0; i < n / 2; i++) {
				tw_vec2 x = v[i];
				v[i] = v[n - 1 - i];
				v[n - 1 - i] = x;
			}
	}
	int tri[PH_CIRCLE_SIDES > TW_MAX_VERTS ? PH_CIRCLE_SIDES : TW_MAX_VERTS][3];
	int nt = ph_triangulate(v, n, tri);
	int ntri = 2 * nt + 2 * n;
	p->verts = malloc((size_t)(2 * n) * 3 * sizeof(double));
	p->idx = malloc((size_t)ntri * 3 * sizeof(dTriIndex));
	if (!p->verts || !p->idx) {
		ph_prism_free(p);
		return TW_ERR_NOMEM;
	}
	double z0 = t->z0, z1 = t->z0 + t->height;
	p->lo[0] = p->lo[1] = INFINITY;
	p->hi[0] = p->hi[1] = -INFINITY;
	for (int i = 0; i < n; i++) {
		double *b = &p->verts[3 * i], *u = &p->verts[3 * (n + i)];
		b[0] = u[0] = v[i].x;
		b[1] = u[1] = v[i].y;
		b[2] = z0;
		u[2] = z1;
		p->lo[0] = fmin(p->lo[0], v[i].x), p->hi[0] = fmax(p->hi[0], v[i].x);
		p->lo[1] = fmin(p->lo[1], v[i].y), p->hi[1] = fmax(p->hi[1], v[i].y);
	}
	dTriIndex *q = p->idx;
	for (int k = 0; k < nt; k++) { // top (+z) and bottom (-z)
		*q++ = (dTriIndex)(n + tri[k][0]);
		*q++ = (dTriIndex)(n + tri[k][1]);
		*q++ = (dTriIndex)(n + tri[k][2]);
		*q++ = (dTriIndex)tri[k][0];
		*q++ = (dTriIndex)tri[k][2];
		*q++ = (dTriIndex)tri[k][1];
	}
	for (int i = 0; i < n; i++) { // sides, outward
		int j = (i + 1) % n;
		*q++ = (dTriIndex)i;
		*q++ = (dTriIndex)j;
		*q++ = (dTriIndex)(n + j);
		*q++ = (dTriIndex)i;
		*q++ = (dTriIndex)(n + j);
		*q++ = (dTriIndex)(n + i);
	}
	p->data = dGeomTriMeshDataCreate();
	dGeomTriMeshDataBuildDouble(p->data, p->verts, 3 * sizeof(double), 2 * n, p->idx, ntri * 3,
				    3 * sizeof(dTriIndex));
	p->geom = dCreateTriMesh(space, p->data, NULL, NULL, NULL);
	p->on = true;
	return TW_OK;
}

void ph_prism_free(ph_prism *p)
{
	if (p->data)
		dGeomTriMeshDataDestroy(p->data);
	free(p->verts);
	free(p->idx);
	memset(p, 0, sizeof *p);
}
