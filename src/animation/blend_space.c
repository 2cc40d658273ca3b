/* Blend spaces: the weights of points at a parameter, 1D by neighbours and 2D
 * by triangles (Delaunay unless given). See blend_space.h. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/internal.h"
#include "threeanim/blend_space.h"

struct ta_blend_space {
    ta__mem mem;
    uint32_t dimensions;
    uint32_t point_count;
    uint32_t triangle_count;
    uint32_t edge_count;
    double *xy;       /* 1D: point_count positions; 2D: point_count (x, y) pairs */
    uint32_t *order;  /* 1D: the points by position, lowest first */
    uint32_t *tris;   /* 2D: triangle_count index triples */
    uint32_t *edges;  /* 2D: edge_count index pairs, the edges of one triangle only (the boundary) */
};

/* Below this, a height over a length is no height: points this close to a
 * line are on it, as far as float coordinates can say. */
#define FLAT 1e-6
/* A barycentric weight above -INSIDE is inside its triangle (rounding). */
#define INSIDE 1e-12
/* Point i of a 2D space whose coordinates are in xy. */
#define P(i) (xy + (size_t)(i) * 2)

/* The few points with a weight above 0: at most 3. */
typedef struct sparse {
    uint32_t count;
    uint32_t index[3];
    double weight[3];
} sparse;

static double orient(const double *a, const double *b, const double *c)
{
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
}

static double dist2(const double *a, const double *b)
{
    double dx = b[0] - a[0], dy = b[1] - a[1];
    return dx * dx + dy * dy;
}

/* ---- making ------------------------------------------------------------------------- */

/* Sorts idx (n indices into xy of dim numbers each) by x, then y. Insertion
 * sort: at most TA_BLEND_SPACE_MAX_POINTS, once, and qsort has no context. */
static void sort_points(uint32_t *idx, uint32_t n, const double *xy, uint32_t dim)
{
    for (uint32_t i = 1; i < n; ++i) {
        uint32_t v = idx[i];
        uint32_t j = i;
        while (j > 0) {
            const double *p = xy + (size_t)idx[j - 1] * dim, *q = xy + (size_t)v * dim;
            bool after = p[0] > q[0] || (dim == 2 && p[0] == q[0] && p[1] > q[1]);
            if (!after) break;
            idx[j] = idx[j - 1];
            --j;
        }
        idx[j] = v;
    }
}

static ta_result check_desc(const ta_blend_space_desc *d, ta_error *err)
{
    if (d->dimensions != 1 && d->dimensions != 2)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "desc.dimensions: %u is not 1 or 2", d->dimensions);
    uint32_t least = d->dimensions + 1;
    if (d->point_count < least)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "desc.point_count: %u points; a %uD blend space needs at least %u",
                        d->point_count, d->dimensions, least);
    if (d->point_count > TA_BLEND_SPACE_MAX_POINTS)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "desc.point_count: %u points is past TA_BLEND_SPACE_MAX_POINTS (%u)",
                        d->point_count, TA_BLEND_SPACE_MAX_POINTS);
    if (d->points == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc.points: NULL");
    for (uint32_t i = 0; i < d->point_count * d->dimensions; ++i)
        if (!isfinite(d->points[i]))
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "desc.points[%u]: coordinate %u is %g", i / d->dimensions,
                            i % d->dimensions, (double)d->points[i]);
    if (d->dimensions == 2 && d->triangles == NULL && d->triangle_count > 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc.triangles: NULL with triangle_count %u", d->triangle_count);
    return TA_OK;
}

/* Two points at one place (idx sorted), or all 2D points on one line. */
static ta_result check_places(const ta_blend_space *bs, const uint32_t *idx, ta_error *err)
{
    uint32_t n = bs->point_count, dim = bs->dimensions;
    for (uint32_t i = 1; i < n; ++i) {
        const double *p = bs->xy + (size_t)idx[i - 1] * dim, *q = bs->xy + (size_t)idx[i] * dim;
        if (p[0] == q[0] && (dim == 1 || p[1] == q[1])) {
            uint32_t lo = idx[i - 1] < idx[i] ? idx[i - 1] : idx[i], hi = idx[i - 1] ^ idx[i] ^ lo;
            if (dim == 1)
                return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc.points[%u]: %g is at the place of points[%u]", hi,
                                q[0], lo);
            return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc.points[%u]: (%g, %g) is at the place of points[%u]", hi,
                            q[0], q[1], lo);
        }
    }
    if (dim == 1) return TA_OK;
    /* The first and last in x then y are the ends of the line, if there is one. */
    const double *a = bs->xy + (size_t)idx[0] * 2, *b = bs->xy + (size_t)idx[n - 1] * 2;
    double len2 = dist2(a, b);
    for (uint32_t i = 0; i < n; ++i)
        if (fabs(orient(a, b, bs->xy + (size_t)i * 2)) > FLAT * len2) return TA_OK;
    return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                    "desc.points: all %u points lie on one line, from points[%u] (%g, %g) to points[%u] (%g, %g), and "
                    "make no triangle; make a 1D blend space along that line instead",
                    n, idx[0], a[0], a[1], idx[n - 1], b[0], b[1]);
}

typedef struct edge_ref {
    uint32_t lo, hi; /* the edge's point indices, lo < hi */
    uint32_t tri, side;
} edge_ref;

static int edge_order(const void *pa, const void *pb)
{
    const edge_ref *a = (const edge_ref *)pa, *b = (const edge_ref *)pb;
    if (a->lo != b->lo) return a->lo < b->lo ? -1 : 1;
    if (a->hi != b->hi) return a->hi < b->hi ? -1 : 1;
    return a->tri < b->tri ? -1 : a->tri > b->tri;
}

/* Every triangle's three edges, sorted so that the two sides of an edge lie together. */
static void list_edges(const uint32_t *tris, uint32_t count, edge_ref *out)
{
    for (uint32_t t = 0; t < count; ++t)
        for (uint32_t s = 0; s < 3; ++s) {
            uint32_t u = tris[t * 3 + s], v = tris[t * 3 + (s + 1) % 3];
            edge_ref e = {u < v ? u : v, u < v ? v : u, t, s};
            out[t * 3 + s] = e;
        }
    qsort(out, (size_t)count * 3, sizeof *out, edge_order);
}

/* d strictly inside the circle through a, b, c (counter-clockwise), beyond rounding. */
static bool in_circle(const double *a, const double *b, const double *c, const double *d)
{
    double adx = a[0] - d[0], ady = a[1] - d[1], bdx = b[0] - d[0], bdy = b[1] - d[1];
    double cdx = c[0] - d[0], cdy = c[1] - d[1];
    double al = adx * adx + ady * ady, bl = bdx * bdx + bdy * bdy, cl = cdx * cdx + cdy * cdy;
    double det = al * (bdx * cdy - cdx * bdy) + bl * (cdx * ady - adx * cdy) + cl * (adx * bdy - bdx * ady);
    double size = al * (fabs(bdx * cdy) + fabs(cdx * bdy)) + bl * (fabs(cdx * ady) + fabs(adx * cdy)) +
                  cl * (fabs(adx * bdy) + fabs(bdx * ady));
    return det > 1e-10 * size;
}

/* Any triangulation of the sorted points: each point in turn, joined to the
 * edges of the hull so far that it sees. Returns the triangle count. */
static uint32_t sweep(const double *xy, const uint32_t *s, uint32_t n, uint32_t *hull, uint32_t *tris)
{
    uint32_t t = 0, h = 0;
#define ADD(a, b, c) (tris[t * 3] = (a), tris[t * 3 + 1] = (b), tris[t * 3 + 2] = (c), ++t)
    uint32_t k = 2;
    while (k + 1 < n && orient(P(s[0]), P(s[1]), P(s[k])) == 0.0) ++k; /* check_places saw a point off it */
    bool left = orient(P(s[0]), P(s[k - 1]), P(s[k])) > 0.0;
    for (uint32_t i = 0; i + 1 < k; ++i) {
        if (left)
            ADD(s[i], s[i + 1], s[k]);
        else
            ADD(s[i + 1], s[i], s[k]);
    }
    hull[h++] = s[0];
    if (left) {
        for (uint32_t i = 1; i <= k; ++i) hull[h++] = s[i];
    } else {
        hull[h++] = s[k];
        for (uint32_t i = k - 1; i >= 1; --i) hull[h++] = s[i];
    }
    for (uint32_t m = k + 1; m < n; ++m) {
        const double *p = P(s[m]);
        /* The edges p sees (it is outside: the greatest in x then y) are one run. */
        uint32_t start = 0;
        for (uint32_t e = 0; e < h; ++e) {
            uint32_t prev = (e + h - 1) % h;
            bool sees = orient(P(hull[e]), P(hull[(e + 1) % h]), p) < 0.0;
            bool saw = orient(P(hull[prev]), P(hull[e]), p) < 0.0;
            if (sees && !saw) {
                start = e;
                break;
            }
        }
        uint32_t end = start;
        while (orient(P(hull[end]), P(hull[(end + 1) % h]), p) < 0.0) {
            ADD(hull[(end + 1) % h], hull[end], s[m]);
            end = (end + 1) % h;
            if (end == start) break; /* cannot happen for a point outside; stops a loop on rounding */
        }
        /* The new hull: from the run's last corner round to its first, then p. */
        uint32_t nh = 0;
        uint32_t tmp[TA_BLEND_SPACE_MAX_POINTS + 1];
        for (uint32_t e = end; e != start; e = (e + 1) % h) tmp[nh++] = hull[e];
        tmp[nh++] = hull[start];
        tmp[nh++] = s[m];
        memcpy(hull, tmp, sizeof(uint32_t) * nh);
        h = nh;
    }
#undef ADD
    return t;
}

/* Lawson's flips, until every edge is locally Delaunay: each flip makes the
 * triangulation fairer, so it ends; the pass limit guards against rounding. */
static void make_delaunay(const double *xy, uint32_t *tris, uint32_t count, edge_ref *edges, bool *flipped)
{
    for (uint32_t pass = 0; pass < 4u * TA_BLEND_SPACE_MAX_POINTS; ++pass) {
        list_edges(tris, count, edges);
        memset(flipped, 0, sizeof(bool) * count);
        bool any = false;
        for (uint32_t i = 0; i + 1 < count * 3; ++i) {
            const edge_ref *e1 = &edges[i], *e2 = &edges[i + 1];
            if (e1->lo != e2->lo || e1->hi != e2->hi || flipped[e1->tri] || flipped[e2->tri]) continue;
            uint32_t *t1 = tris + e1->tri * 3, *t2 = tris + e2->tri * 3;
            uint32_t u = t1[e1->side], v = t1[(e1->side + 1) % 3], c = t1[(e1->side + 2) % 3];
            uint32_t d = t2[(e2->side + 2) % 3];
            if (!in_circle(P(u), P(v), P(c), P(d))) continue;
            if (!(orient(P(c), P(u), P(d)) > 0.0 && orient(P(d), P(v), P(c)) > 0.0)) continue;
            t1[0] = c, t1[1] = u, t1[2] = d;
            t2[0] = d, t2[1] = v, t2[2] = c;
            flipped[e1->tri] = flipped[e2->tri] = true;
            any = true;
        }
        if (!any) return;
    }
}

static bool tri_flat(const double *a, const double *b, const double *c)
{
    double l = dist2(a, b);
    if (dist2(b, c) > l) l = dist2(b, c);
    if (dist2(c, a) > l) l = dist2(c, a);
    return fabs(orient(a, b, c)) <= FLAT * l;
}

/* The interiors of two triangles meet unless an edge's line keeps them apart. */
static bool overlap(const double *xy, const uint32_t *t1, const uint32_t *t2, double tol)
{
    for (uint32_t k = 0; k < 6; ++k) {
        const uint32_t *t = k < 3 ? t1 : t2;
        const double *a = P(t[k % 3]), *b = P(t[(k + 1) % 3]);
        double nx = a[1] - b[1], ny = b[0] - a[0];
        double len = sqrt(nx * nx + ny * ny);
        double lo1 = DBL_MAX, hi1 = -DBL_MAX, lo2 = DBL_MAX, hi2 = -DBL_MAX;
        for (uint32_t j = 0; j < 3; ++j) {
            double p1 = (P(t1[j])[0] * nx + P(t1[j])[1] * ny) / len, p2 = (P(t2[j])[0] * nx + P(t2[j])[1] * ny) / len;
            lo1 = fmin(lo1, p1), hi1 = fmax(hi1, p1), lo2 = fmin(lo2, p2), hi2 = fmax(hi2, p2);
        }
        if (hi1 <= lo2 + tol || hi2 <= lo1 + tol) return false;
    }
    return true;
}

static ta_result check_triangles(const ta_blend_space *bs, const ta_blend_space_desc *d, bool *used, ta_error *err)
{
    const double *xy = bs->xy;
    uint32_t n = bs->point_count, count = d->triangle_count;
    const uint32_t *tris = d->triangles;
    for (uint32_t t = 0; t < count; ++t)
        for (uint32_t k = 0; k < 3; ++k)
            if (tris[t * 3 + k] >= n)
                return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "desc.triangles[%u]: corner %u is point %u, past the %u points",
                                t, k, tris[t * 3 + k], n);
    for (uint32_t t = 0; t < count; ++t) {
        const uint32_t *c = tris + t * 3;
        if (tri_flat(P(c[0]), P(c[1]), P(c[2])))
            return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                            "desc.triangles[%u]: points %u, %u, %u lie on one line and make no area", t, c[0], c[1], c[2]);
    }
    if (count > 2 * n - 5)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                        "desc.triangle_count: %u triangles over %u points must overlap (at most %u fit side by side)",
                        count, n, 2 * n - 5);
    double extent = 0.0;
    for (uint32_t i = 0; i < n * 2; ++i) extent = fmax(extent, fabs(xy[i]));
    double tol = 1e-9 * extent;
    for (uint32_t t = 0; t < count; ++t)
        for (uint32_t u = t + 1; u < count; ++u)
            if (overlap(xy, tris + t * 3, tris + u * 3, tol))
                return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc.triangles[%u]: overlaps triangles[%u]", u, t);
    memset(used, 0, sizeof(bool) * n);
    for (uint32_t i = 0; i < count * 3; ++i) used[tris[i]] = true;
    for (uint32_t t = 0; t < count; ++t)
        for (uint32_t k = 0; k < 3; ++k) {
            uint32_t a = tris[t * 3 + k], b = tris[t * 3 + (k + 1) % 3];
            double len2 = dist2(P(a), P(b));
            for (uint32_t v = 0; v < n; ++v) {
                if (!used[v] || v == a || v == b) continue;
                double along = (P(v)[0] - P(a)[0]) * (P(b)[0] - P(a)[0]) + (P(v)[1] - P(a)[1]) * (P(b)[1] - P(a)[1]);
                if (fabs(orient(P(a), P(b), P(v))) <= FLAT * len2 && along > 0.0 && along < len2)
                    return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                                    "desc.triangles[%u]: point %u, a corner of another triangle, lies inside its edge from "
                                    "point %u to point %u (the weights would jump there)",
                                    t, v, a, b);
            }
        }
    return TA_OK;
}

static void free_space(ta_blend_space *bs)
{
    ta__mem mem = bs->mem;
    uint32_t n = bs->point_count;
    ta__free(&mem, bs->xy, sizeof(double) * n * bs->dimensions);
    ta__free(&mem, bs->order, sizeof(uint32_t) * n);
    ta__free(&mem, bs->tris, sizeof(uint32_t) * 3 * 2 * n);
    ta__free(&mem, bs->edges, sizeof(uint32_t) * 2 * 3 * 2 * n);
    ta__free(&mem, bs, sizeof *bs);
}

/* The edges of one triangle only, from the sorted edge list. */
static uint32_t boundary(const edge_ref *edges, uint32_t count, uint32_t *out)
{
    uint32_t m = 0;
    for (uint32_t i = 0; i < count * 3; ++i) {
        bool before = i > 0 && edges[i - 1].lo == edges[i].lo && edges[i - 1].hi == edges[i].hi;
        bool after = i + 1 < count * 3 && edges[i + 1].lo == edges[i].lo && edges[i + 1].hi == edges[i].hi;
        if (before || after) continue;
        out[m * 2] = edges[i].lo, out[m * 2 + 1] = edges[i].hi;
        ++m;
    }
    return m;
}

ta_result ta_blend_space_create(const ta_blend_space_desc *desc, const ta_allocator *alloc, ta_blend_space **out,
                                ta_error *err)
{
    if (desc == NULL || out == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: NULL", desc == NULL ? "desc" : "out");
    ta_result r = check_desc(desc, err);
    if (r != TA_OK) return r;
    ta__mem mem;
    r = ta__mem_init(&mem, alloc, err);
    if (r != TA_OK) return r;
    uint32_t n = desc->point_count, dim = desc->dimensions;
    ta_blend_space *bs = (ta_blend_space *)ta__calloc(&mem, 1, sizeof *bs);
    if (bs == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a blend space");
    bs->mem = mem;
    bs->dimensions = dim;
    bs->point_count = n;
    /* Room for the most a triangulation of n points has: fewer than 2n triangles, 6n edge ends. */
    uint32_t room = 2 * n;
    bs->xy = (double *)ta__calloc(&mem, (size_t)n * dim, sizeof(double));
    bs->order = (uint32_t *)ta__calloc(&mem, n, sizeof(uint32_t));
    if (dim == 2) {
        bs->tris = (uint32_t *)ta__calloc(&mem, (size_t)room * 3, sizeof(uint32_t));
        bs->edges = (uint32_t *)ta__calloc(&mem, (size_t)room * 3 * 2, sizeof(uint32_t));
    }
    edge_ref *edges = dim == 2 ? (edge_ref *)ta__calloc(&mem, (size_t)room * 3, sizeof(edge_ref)) : NULL;
    bool *scratch = (bool *)ta__calloc(&mem, room, sizeof(bool));
    uint32_t *hull = dim == 2 ? (uint32_t *)ta__calloc(&mem, n + 1, sizeof(uint32_t)) : NULL;
    if (bs->xy == NULL || bs->order == NULL || scratch == NULL ||
        (dim == 2 && (bs->tris == NULL || bs->edges == NULL || edges == NULL || hull == NULL))) {
        r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a blend space of %u points", n);
        goto done;
    }
    for (uint32_t i = 0; i < n * dim; ++i) bs->xy[i] = desc->points[i];
    for (uint32_t i = 0; i < n; ++i) bs->order[i] = i;
    sort_points(bs->order, n, bs->xy, dim);
    r = check_places(bs, bs->order, err);
    if (r != TA_OK || dim == 1) goto done;
    if (desc->triangle_count > 0) {
        r = check_triangles(bs, desc, scratch, err);
        if (r != TA_OK) goto done;
        bs->triangle_count = desc->triangle_count;
        memcpy(bs->tris, desc->triangles, sizeof(uint32_t) * 3 * desc->triangle_count);
        list_edges(bs->tris, bs->triangle_count, edges);
    } else {
        bs->triangle_count = sweep(bs->xy, bs->order, n, hull, bs->tris);
        make_delaunay(bs->xy, bs->tris, bs->triangle_count, edges, scratch);
        list_edges(bs->tris, bs->triangle_count, edges);
    }
    bs->edge_count = boundary(edges, bs->triangle_count, bs->edges);
done:
    ta__free(&mem, edges, sizeof(edge_ref) * room * 3);
    ta__free(&mem, scratch, sizeof(bool) * room);
    ta__free(&mem, hull, sizeof(uint32_t) * (n + 1));
    if (r != TA_OK) {
        free_space(bs);
        return r;
    }
    *out = bs;
    return TA_OK;
}

void ta_blend_space_destroy(ta_blend_space *bs)
{
    if (bs != NULL) free_space(bs);
}

/* ---- weights ------------------------------------------------------------------------ */

static void weights_1d(const ta_blend_space *bs, double p, sparse *w)
{
    const uint32_t *o = bs->order;
    const double *x = bs->xy;
    uint32_t n = bs->point_count;
    if (p <= x[o[0]] || p >= x[o[n - 1]]) {
        w->count = 1;
        w->index[0] = p <= x[o[0]] ? o[0] : o[n - 1];
        w->weight[0] = 1.0;
        return;
    }
    uint32_t lo = 0, hi = n - 1; /* x[o[lo]] < p < x[o[hi]] */
    while (hi - lo > 1) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (x[o[mid]] <= p)
            lo = mid;
        else
            hi = mid;
    }
    double t = (p - x[o[lo]]) / (x[o[hi]] - x[o[lo]]);
    w->count = 2;
    w->index[0] = o[lo], w->weight[0] = 1.0 - t;
    w->index[1] = o[hi], w->weight[1] = t;
}

static void weights_2d(const ta_blend_space *bs, const double *p, sparse *w)
{
    const double *xy = bs->xy;
    double best = -DBL_MAX, bl[3] = {0, 0, 0};
    uint32_t bt = 0;
    for (uint32_t t = 0; t < bs->triangle_count && best < 0.0; ++t) {
        const uint32_t *c = bs->tris + t * 3;
        const double *a = P(c[0]), *b = P(c[1]), *q = P(c[2]);
        double det = orient(a, b, q);
        double l0 = orient(p, b, q) / det, l1 = orient(a, p, q) / det, l2 = 1.0 - l0 - l1;
        double m = fmin(l0, fmin(l1, l2));
        if (m > best) best = m, bt = t, bl[0] = l0, bl[1] = l1, bl[2] = l2;
    }
    if (best >= -INSIDE) {
        double sum = 0.0;
        for (uint32_t k = 0; k < 3; ++k) sum += bl[k] = fmax(bl[k], 0.0);
        w->count = 3;
        for (uint32_t k = 0; k < 3; ++k) w->index[k] = bs->tris[bt * 3 + k], w->weight[k] = bl[k] / sum;
        return;
    }
    /* Outside: the nearest point of the boundary, between the two ends of its edge. */
    double near = DBL_MAX, nt = 0.0;
    uint32_t ne = 0;
    for (uint32_t e = 0; e < bs->edge_count; ++e) {
        const double *a = P(bs->edges[e * 2]), *b = P(bs->edges[e * 2 + 1]);
        double dx = b[0] - a[0], dy = b[1] - a[1];
        double t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy);
        t = fmin(fmax(t, 0.0), 1.0);
        double q[2] = {a[0] + t * dx, a[1] + t * dy};
        double dd = dist2(p, q);
        if (dd < near) near = dd, nt = t, ne = e;
    }
    w->count = 2;
    w->index[0] = bs->edges[ne * 2], w->weight[0] = 1.0 - nt;
    w->index[1] = bs->edges[ne * 2 + 1], w->weight[1] = nt;
}
#undef P

static double finite_or_largest(float v) { return isinf(v) ? (v > 0 ? FLT_MAX : -FLT_MAX) : (double)v; }

static ta_result sparse_weights(const ta_blend_space *bs, float px, float py, uint32_t count, sparse *w, ta_error *err)
{
    if (bs == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "bs: NULL");
    if (count != bs->point_count)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "count: %u, but the blend space has %u points", count,
                        bs->point_count);
    if (isnan(px) || (bs->dimensions == 2 && isnan(py)))
        return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "%s: the parameter is NaN", isnan(px) ? "px" : "py");
    double p[2] = {finite_or_largest(px), finite_or_largest(bs->dimensions == 2 ? py : 0.0f)};
    if (bs->dimensions == 1)
        weights_1d(bs, p[0], w);
    else
        weights_2d(bs, p, w);
    return TA_OK;
}

ta_result ta_blend_space_weights(const ta_blend_space *bs, float px, float py, float *out_weights, uint32_t count,
                                 ta_error *err)
{
    if (out_weights == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_weights: NULL");
    sparse w;
    ta_result r = sparse_weights(bs, px, py, count, &w, err);
    if (r != TA_OK) return r;
    memset(out_weights, 0, sizeof(float) * count);
    for (uint32_t k = 0; k < w.count; ++k) out_weights[w.index[k]] += (float)w.weight[k];
    return TA_OK;
}

ta_result ta_blend_space_apply(const ta_blend_space *bs, float px, float py, ta_action *const *actions, uint32_t count,
                               ta_error *err)
{
    if (actions == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "actions: NULL");
    sparse w;
    ta_result r = sparse_weights(bs, px, py, count, &w, err);
    if (r != TA_OK) return r;
    for (uint32_t i = 0; i < count; ++i) {
        if (actions[i] == NULL) continue;
        double v = 0.0;
        for (uint32_t k = 0; k < w.count; ++k)
            if (w.index[k] == i) v += w.weight[k];
        /* Finite and >= 0 on an action that is there: ta_action_set_weight cannot refuse it. */
        (void)ta_action_set_weight(actions[i], (float)v, NULL);
    }
    return TA_OK;
}

uint32_t ta_blend_space_point_count(const ta_blend_space *bs) { return bs != NULL ? bs->point_count : 0; }

uint32_t ta_blend_space_dimensions(const ta_blend_space *bs) { return bs != NULL ? bs->dimensions : 0; }

uint32_t ta_blend_space_triangle_count(const ta_blend_space *bs) { return bs != NULL ? bs->triangle_count : 0; }

const uint32_t *ta_blend_space_triangle(const ta_blend_space *bs, uint32_t i)
{
    return bs != NULL && i < bs->triangle_count ? bs->tris + (size_t)i * 3 : NULL;
}
