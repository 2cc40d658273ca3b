/* Compressing a clip: quantized keys and keys dropped, within ACL's error. See clip_compressed.h.
 *
 * How the error is shared out. Each track gets a part of the error: to first
 * order a point's error is the sum of what each track above it (its bone's and
 * its ancestors') moves it by, so a track whose chain (root to leaf through
 * its bone) has n animated tracks gets f * error / n. What a track moves the
 * points by is bounded per sample by a lever measured on the raw pose: the
 * farthest point below the bone from its origin (rotation, scale) and the
 * scale of the space above it. Each track then takes the fewest bytes whose
 * reconstruction stays within its part at every sample: a constant, or keys
 * quantized to b bits over the track's range with the keys that the two kept
 * around them give within the part dropped, each kept key whole or PREDICTED
 * (its difference from the line through the two before it: the same numbers,
 * fewer bits where the track is smooth), whichever takes fewer bytes. The whole clip is then measured
 * with the exact metric, and f is moved (down until it passes, then up while
 * it passes and saves bytes): the bound is conservative, errors seldom add up.
 * Then each track's part is grown while the exact error passes (grow); where
 * that stops, one bone's error is at the limit, and its own tracks made more
 * exact let the tracks above it give way (kick). Last, one track's part is
 * traded for others' (trade): looser where more exact ones elsewhere take
 * the error back for fewer bytes.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "animation/clip_compressed.h"
#include "animation/clip_internal.h"
#include "animation/track_internal.h"

#define TA__CC_SNAP (1.0 / 4096) /* the most a key time put on the uniform grid strays from it, in steps */

typedef struct track_in {
    const ta_track *track;
    uint32_t bone;  /* bone index */
    uint8_t kind;   /* TA__CC_T, _R, _S */
    uint8_t mode;   /* TA__CC_LINEAR or _STEP */
    bool moves;     /* raw values not all one */
    uint8_t drop;   /* rotations: the component not stored */
    float *raw;     /* samples * 4: x y z (w) as sampled; a rotation's dropped component >= 0 */
    float *enc;     /* samples * 4: the three numbers stored (a rotation's but the dropped one) */
} track_in;

/* One track's choice. */
typedef struct track_out {
    uint8_t mode, bits, drop; /* bits: the descriptor's byte (the most bits, the range form, SEGMENTED) */
    uint8_t cbits[4];         /* each component's bits */
    uint8_t predict;          /* PREDICTED: a whole key every 2 << predict kept keys; 0: not */
    uint8_t rbits[4];         /* PREDICTED: each component's differences' bits */
    uint32_t kept;
    float range[8];   /* CONSTANT: the value; else min[4], extent[4] */
    uint8_t range8[8]; /* RANGE8: min[4], max[4] in 255ths of -1..1 */
    float *values;    /* kept * 4, the keys as stored (quantized numbers as floats of the decoder) */
    uint32_t *q;      /* kept * 4 quantized */
    uint8_t *keep;    /* samples: kept */
    uint8_t *segs;    /* segments * TA__CC_SEG_BYTES when segmented */
    size_t bytes;
} track_out;

typedef struct work {
    ta__mem mem;
    const ta_clip *clip;
    const ta_scene *scene;
    uint32_t samples, bones, tracks;
    uint32_t split;     /* a curve track's key intervals are each split into this many lines */
    uint32_t key_times; /* the union of the tracks' key times (samples: with the splits) */
    double *times;
    track_in *in;
    track_out *out;
    track_out spare;   /* a track's choice kept while another is tried */
    ta__cc_rig rig;
    double shell, tolerance, mpu;
    bool smallest;     /* the option: keys dropped wherever that saves a byte (else: every key kept) */
    bool snap;         /* the key times kept UNIFORM though they stray from the grid (by less than
                        * TA__CC_SNAP of a step): measure plays the block at the clip's own times */
    double *raw_pose;  /* 2 * samples * bones * 10: at the key times, then halfway from each to the next */
    double *lever;     /* samples * bones * 3: T, R, S */
    uint32_t *chain;   /* bones: animated tracks on its longest chain */
    double *share;     /* tracks: its part of the error, times f * tolerance / chain */
    uint32_t worst_bone; /* the bone of the largest error the last measure saw */
    double *bone_err;    /* bones: each one's largest error the last measure saw, at and between keys */
    /* scratch of one track: */
    float *qv;         /* samples * 4 */
    float *whole;      /* samples * 4: qv made values */
    uint32_t *qq;      /* samples * 4 */
    uint32_t *packed;  /* samples * 8: the kept keys' qq, in order, then their differences */
    uint8_t *keep;     /* samples */
    uint8_t *segs;     /* segments * TA__CC_SEG_BYTES */
} work;

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static uint8_t kind_of(ta_track_kind k)
{
    return k == TA_TRACK_KIND_POSITION ? TA__CC_T : k == TA_TRACK_KIND_QUATERNION ? TA__CC_R : TA__CC_S;
}

static ta_result check(const ta_clip *clip, const ta_scene *scene, const ta_compress_options *o, ta_error *err)
{
    if (clip == NULL || scene == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_clip_compress: %s is NULL", clip == NULL ? "clip" : "scene");
    if (o != NULL) {
        const double v[3] = {o->shell_distance_cm, o->max_error_cm, o->meters_per_unit};
        const char *names[3] = {"shell_distance_cm", "max_error_cm", "meters_per_unit"};
        for (int i = 0; i < 3; ++i)
            if (!isfinite(v[i]) || v[i] < 0)
                return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_clip_compress: options.%s %g is not a finite number >= 0",
                                names[i], v[i]);
    }
    if (clip->track_count == 0) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_clip_compress: clip \"%s\" has no tracks", clip->name);
    for (uint32_t i = 0; i < clip->track_count; ++i) {
        const ta_track *t = clip->tracks[i];
        const ta_track_kind k = t->target.kind;
        if (t->target.family != TA_TARGET_FAMILY_NODE ||
            (k != TA_TRACK_KIND_POSITION && k != TA_TRACK_KIND_QUATERNION && k != TA_TRACK_KIND_SCALE))
            return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                            "ta_clip_compress: tracks[%u] is a %s track: a compressed clip holds node positions, rotations and scales",
                            i, ta_track_kind_name(k));
        if (t->interpolation != TA_INTERPOLATION_LINEAR && t->interpolation != TA_INTERPOLATION_STEP &&
            t->interpolation != TA_INTERPOLATION_CUBIC_SPLINE)
            return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                            "ta_clip_compress: tracks[%u] is %s: a compressed clip holds LINEAR, STEP and CUBIC_SPLINE keys", i,
                            ta_interpolation_name(t->interpolation));
        if (t->target.index >= scene->node_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET, "ta_clip_compress: tracks[%u]: node %u is not in the scene (%u nodes)", i,
                            t->target.index, scene->node_count);
        if (t->target.index > UINT16_MAX)
            return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_clip_compress: tracks[%u]: node %u, past the 65535 a compressed clip names",
                            i, t->target.index);
        for (uint32_t j = 0; j < i; ++j)
            if (ta_track_target_eq(clip->tracks[j]->target, t->target))
                return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_clip_compress: tracks[%u] drives what tracks[%u] drives", i, j);
    }
    return TA_OK;
}

static bool curve(const ta_track *t)
{
    return t->interpolation == TA_INTERPOLATION_CUBIC_SPLINE;
}

static size_t times_alloc(const work *w)
{
    size_t total = 0;
    for (uint32_t i = 0; i < w->clip->track_count; ++i)
        total += (size_t)w->clip->tracks[i]->key_count * (curve(w->clip->tracks[i]) ? w->split : 1);
    return total;
}

static size_t unique(double *t, size_t n)
{
    qsort(t, n, sizeof(double), cmp_double);
    size_t m = 0;
    for (size_t k = 0; k < n; ++k)
        if (m == 0 || t[k] != t[m - 1]) t[m++] = t[k];
    return m;
}

/* The key times of every track, each once, sorted; a curve track's with each interval split
 * into w->split (float32 times), so that lines between them follow the curve. */
static ta_result make_times(work *w, ta_error *err)
{
    const size_t total = times_alloc(w);
    double *t = (double *)ta__calloc(&w->mem, total, sizeof(double));
    if (t == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory for %zu key times", total);
    size_t n = 0;
    for (uint32_t i = 0; i < w->clip->track_count; ++i)
        for (uint32_t k = 0; k < w->clip->tracks[i]->key_count; ++k) t[n++] = w->clip->tracks[i]->times[k];
    n = unique(t, n);
    w->key_times = (uint32_t)(n < UINT32_MAX ? n : UINT32_MAX);
    for (uint32_t i = 0; i < w->clip->track_count; ++i) {
        const ta_track *tr = w->clip->tracks[i];
        for (uint32_t k = 0; curve(tr) && k + 1 < tr->key_count; ++k)
            for (uint32_t j = 1; j < w->split; ++j) t[n++] = (float)(tr->times[k] + (tr->times[k + 1] - tr->times[k]) * j / w->split);
    }
    const size_t m = unique(t, n);
    if (m > TA__CC_MAX_SAMPLES) {
        ta__free(&w->mem, t, total * sizeof(double));
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_clip_compress: %zu key times, past the %u a compressed clip holds", m,
                        TA__CC_MAX_SAMPLES);
    }
    /* the array keeps its size for the free */
    w->times = t;
    w->samples = (uint32_t)m;
    return TA_OK;
}


static void put32(unsigned char *p, uint32_t v)
{
    memcpy(p, &v, 4);
}

static void putf(unsigned char *p, float v)
{
    memcpy(p, &v, 4);
}

/* How the key times are kept: TA__CC_UNIFORM when time k is first + k * step in float32 (the
 * block keeps two numbers); TA__CC_NEAR when it is that off by a little, an int16 offset each in
 * 2^-24ths of the step that gives the float32 time exactly (BrainStem's times, float32 sums,
 * stray by 4e-5 s); else 0, float32 times. */
static uint16_t time_form(const work *w, float *first, float *step, int16_t *offsets)
{
    const uint32_t n = w->samples;
    *first = (float)w->times[0];
    *step = n > 1 ? (float)((w->times[n - 1] - w->times[0]) / (n - 1)) : 0;
    if (n > 1 && !(*step > 0)) return 0;
    if (w->snap) return TA__CC_UNIFORM; /* put on the grid (snap_times) */
    bool uni = true, near = n > 1;
    for (uint32_t k = 0; k < n; ++k) {
        const double grid = (double)*first + (double)*step * k;
        if (fabs(grid - w->times[k]) > 4e-7 * fmax(1, fabs(w->times[k]))) uni = false;
        if (!near) continue;
        const double off = round((w->times[k] - grid) / *step * 16777216.0);
        near = fabs(off) <= 32767 && (float)((double)*first + (double)*step * (k + off / 16777216.0)) == (float)w->times[k];
        offsets[k] = near ? (int16_t)off : 0;
    }
    return uni ? TA__CC_UNIFORM : near ? TA__CC_NEAR : 0;
}

/* Whether the key times are to be put on the uniform grid (w->snap): they are not on it within a
 * float32's precision, each strays from it by at most TA__CC_SNAP of a step, and no STEP track
 * changes value (a STEP key moved past the time it had would hold the key before it there).
 * RiggedSimple's exporter wrote times up to 1.6e-5 of a step off the grid: their offsets took
 * 100 of its 221 bytes. What the shift costs is measured with the rest of the error (measure). */
static bool snap_times(const work *w)
{
    const uint32_t n = w->samples;
    if (n < 3) return false;
    for (uint32_t i = 0; i < w->tracks; ++i)
        if (w->in[i].mode == TA__CC_STEP && w->in[i].moves) return false;
    float first, step;
    int16_t *scratch = (int16_t *)(void *)w->qq;
    if (time_form(w, &first, &step, scratch) == TA__CC_UNIFORM || !(step > 0)) return false;
    for (uint32_t k = 0; k < n; ++k)
        if (fabs((double)first + (double)step * k - w->times[k]) > TA__CC_SNAP * (double)step) return false;
    return true;
}

/* The key times as runs of one step, each first + j * step within a float32's precision as
 * UNIFORM's are (a clip with a gap): how many runs (0 when they are not, or cost more than the
 * float32 times), and each run's bytes written to out when it is not NULL. */
static uint32_t time_runs(const work *w, float step, unsigned char *out)
{
    const uint32_t n = w->samples;
    if (n < 3 || !(step > 0)) return 0;
    uint32_t runs = 0, start = 0;
    for (uint32_t k = 0; k <= n; ++k) {
        const double at = (float)w->times[start] + (double)step * (k - start);
        if (k < n && k - start < UINT16_MAX && fabs(at - w->times[k]) <= 4e-7 * fmax(1, fabs(w->times[k]))) continue;
        if (out != NULL) { /* samples start to k - 1 */
            const uint16_t count = (uint16_t)(k - start);
            putf(out + (size_t)TA__CC_RUN * runs, (float)w->times[start]);
            memcpy(out + (size_t)TA__CC_RUN * runs + 4, &count, 2);
        }
        runs++;
        start = k;
        if (2 + (size_t)TA__CC_RUN * runs >= sizeof(float) * (size_t)n) return 0;
    }
    return runs;
}

static void free_work(work *w)
{
    const size_t n = w->samples, b = w->bones, t = w->tracks;
    if (w->times != NULL) ta__free(&w->mem, w->times, times_alloc(w) * sizeof(double));
    if (w->in != NULL) {
        for (uint32_t i = 0; i < t; ++i) ta__free(&w->mem, w->in[i].raw, n * 8 * sizeof(float));
        ta__free(&w->mem, w->in, t * sizeof(track_in));
    }
    if (w->out != NULL) {
        for (uint32_t i = 0; i < t; ++i) {
            ta__free(&w->mem, w->out[i].values, n * 4 * sizeof(float));
            ta__free(&w->mem, w->out[i].q, n * 4 * sizeof(uint32_t));
            ta__free(&w->mem, w->out[i].keep, n);
            ta__free(&w->mem, w->out[i].segs, TA__CC_SEG_BYTES * (size_t)ta__cc_segments((uint32_t)n));
        }
        ta__free(&w->mem, w->out, t * sizeof(track_out));
    }
    ta__free(&w->mem, w->spare.values, n * 4 * sizeof(float));
    ta__free(&w->mem, w->spare.q, n * 4 * sizeof(uint32_t));
    ta__free(&w->mem, w->spare.keep, n);
    ta__free(&w->mem, w->spare.segs, TA__CC_SEG_BYTES * (size_t)ta__cc_segments((uint32_t)n));
    ta__free(&w->mem, w->bone_err, b * sizeof(double));
    ta__cc_rig_free(&w->mem, &w->rig);
    ta__free(&w->mem, w->raw_pose, 2 * n * b * 10 * sizeof(double));
    ta__free(&w->mem, w->lever, n * b * 3 * sizeof(double));
    ta__free(&w->mem, w->chain, b * sizeof(uint32_t));
    ta__free(&w->mem, w->share, t * sizeof(double));
    ta__free(&w->mem, w->qv, n * 4 * sizeof(float));
    ta__free(&w->mem, w->whole, n * 4 * sizeof(float));
    ta__free(&w->mem, w->qq, n * 4 * sizeof(uint32_t));
    ta__free(&w->mem, w->packed, n * 8 * sizeof(uint32_t));
    ta__free(&w->mem, w->keep, n);
    ta__free(&w->mem, w->segs, TA__CC_SEG_BYTES * (size_t)ta__cc_segments((uint32_t)n));
}

/* The raw values of every track at every key time, and the raw poses. */
static ta_result sample_raw(work *w, ta_error *err)
{
    const uint32_t n = w->samples;
    for (uint32_t i = 0; i < w->tracks; ++i) {
        track_in *in = &w->in[i];
        in->raw = (float *)ta__calloc(&w->mem, (size_t)n * 8, sizeof(float));
        if (in->raw == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory for tracks[%u]'s samples", i);
        in->enc = in->raw + 4 * (size_t)n;
        const uint32_t size = in->kind == TA__CC_R ? 4 : 3;
        for (uint32_t s = 0; s < n; ++s) {
            float *v = in->raw + 4 * (size_t)s;
            ta_result r = ta_track_sample(in->track, w->times[s], TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, v, size, err);
            if (r != TA_OK) return r;
            if (in->kind == TA__CC_R) {
                float len = sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
                for (int c = 0; c < 4; ++c) v[c] = len > 0 ? v[c] / len : (c == 3);
            }
            if (memcmp(v, in->raw, 16) != 0) in->moves = true;
        }
        /* a rotation drops the component whose least size over the samples is the largest */
        if (in->kind == TA__CC_R) {
            float least[4] = {1, 1, 1, 1};
            for (uint32_t s = 0; s < n; ++s)
                for (int c = 0; c < 4; ++c)
                    if (fabsf(in->raw[4 * (size_t)s + c]) < least[c]) least[c] = fabsf(in->raw[4 * (size_t)s + c]);
            in->drop = 3;
            for (uint8_t c = 0; c < 3; ++c)
                if (least[c] > least[in->drop]) in->drop = c;
        }
        for (uint32_t s = 0; s < n; ++s) {
            float *v = in->raw + 4 * (size_t)s, *e = in->enc + 4 * (size_t)s;
            if (in->kind == TA__CC_R && v[in->drop] < 0)
                for (int c = 0; c < 4; ++c) v[c] = -v[c];
            for (int c = 0, k = 0; c < 4; ++c)
                if (in->kind != TA__CC_R ? c < 3 : c != in->drop) e[k++] = v[c];
        }
    }
    /* raw poses: the rest of each bone, its tracks over it; at the key times, then halfway
     * between each two (where the error of two keys played between them is kept too) */
    for (uint32_t s = 0; s < 2 * n; ++s)
        for (uint32_t b = 0; b < w->bones; ++b)
            memcpy(w->raw_pose + ((size_t)s * w->bones + b) * 10, w->rig.rest + 10 * (size_t)w->rig.bone_node[b], 10 * sizeof(double));
    for (uint32_t i = 0; i < w->tracks; ++i) {
        const track_in *in = &w->in[i];
        const int at = in->kind == TA__CC_T ? 0 : in->kind == TA__CC_R ? 3 : 7, size = in->kind == TA__CC_R ? 4 : 3;
        /* as the float clip plays them: a rotation not of length 1 scales the matrix it makes */
        for (uint32_t s = 0; s < 2 * n - 1; ++s) {
            float v[4];
            const double t = s < n ? w->times[s] : (w->times[s - n] + w->times[s - n + 1]) / 2;
            ta_result r = ta_track_sample(in->track, t, TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, v, (uint32_t)size, err);
            if (r != TA_OK) return r;
            for (int c = 0; c < size; ++c) w->raw_pose[((size_t)s * w->bones + in->bone) * 10 + at + c] = v[c];
        }
    }
    return TA_OK;
}

static bool invert3x4(const double *m, double *inv)
{
    const double a = m[0], b = m[1], c = m[2], d = m[4], e = m[5], f = m[6], g = m[8], h = m[9], i = m[10];
    const double A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g;
    const double det = a * A + b * B + c * C;
    if (!(fabs(det) > 1e-300)) return false;
    const double r[9] = {A / det, -(b * i - c * h) / det, (b * f - c * e) / det,
                         B / det, (a * i - c * g) / det,  -(a * f - c * d) / det,
                         C / det, -(a * h - b * g) / det, (a * e - b * d) / det};
    for (int y = 0; y < 3; ++y) {
        for (int x = 0; x < 3; ++x) inv[4 * y + x] = r[3 * y + x];
        inv[4 * y + 3] = -(r[3 * y] * m[3] + r[3 * y + 1] * m[7] + r[3 * y + 2] * m[11]);
    }
    return true;
}

static bool below(const ta__cc_rig *rig, uint32_t node, uint32_t top)
{
    for (int32_t p = (int32_t)node; p >= 0; p = rig->parent[p])
        if ((uint32_t)p == top) return true;
    return false;
}

static double max_abs(const double *v)
{
    double m = fabs(v[0]);
    if (fabs(v[1]) > m) m = fabs(v[1]);
    if (fabs(v[2]) > m) m = fabs(v[2]);
    return m;
}

/* Per bone and sample, how far a unit of each track's error moves the points (see the top). */
static ta_result make_levers(work *w, ta_error *err)
{
    const ta__cc_rig *rig = &w->rig;
    double *obj = (double *)ta__calloc(&w->mem, 13 * (size_t)rig->count, sizeof(double));
    if (obj == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory for the levers");
    double *scale = obj + 12 * (size_t)rig->count;
    for (uint32_t s = 0; s < w->samples; ++s) {
        const double *pose = w->raw_pose + (size_t)s * w->bones * 10;
        ta__cc_object(rig, pose, obj);
        for (uint32_t k = 0; k < rig->count; ++k) {
            const double *trs = rig->bone_of[k] >= 0 ? pose + 10 * (size_t)rig->bone_of[k] : rig->rest + 10 * (size_t)k;
            scale[k] = max_abs(trs + 7) * (rig->parent[k] >= 0 ? scale[rig->parent[k]] : 1);
        }
        for (uint32_t b = 0; b < w->bones; ++b) {
            const uint32_t k = rig->bone_node[b];
            const double above = rig->parent[k] >= 0 ? scale[rig->parent[k]] : 1;
            const double *own = pose + 10 * (size_t)b + 7;
            double inv[12], far_q = 0, far_u = 0;
            bool ok = invert3x4(obj + 12 * (size_t)k, inv);
            for (uint32_t d = 0; d < w->bones && ok; ++d) {
                const uint32_t kd = rig->bone_node[d];
                if (!below(rig, kd, k)) continue;
                const double *m = obj + 12 * (size_t)kd;
                for (int axis = 0; axis < 3; ++axis) {
                    double p[3], q[3];
                    for (int r = 0; r < 3; ++r) p[r] = m[4 * r + axis] * w->shell + m[4 * r + 3];
                    for (int r = 0; r < 3; ++r) q[r] = inv[4 * r] * p[0] + inv[4 * r + 1] * p[1] + inv[4 * r + 2] * p[2] + inv[4 * r + 3];
                    const double lq = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
                    const double lu = sqrt(q[0] * q[0] * own[0] * own[0] + q[1] * q[1] * own[1] * own[1] + q[2] * q[2] * own[2] * own[2]);
                    if (lq > far_q) far_q = lq;
                    if (lu > far_u) far_u = lu;
                }
            }
            double *lv = w->lever + ((size_t)s * w->bones + b) * 3;
            lv[TA__CC_T] = above;
            /* a bone of scale 0 hides its points: any change of its own may move them */
            lv[TA__CC_R] = ok ? above * far_u : INFINITY;
            lv[TA__CC_S] = ok ? above * far_q : INFINITY;
        }
    }
    ta__free(&w->mem, obj, 13 * (size_t)rig->count * sizeof(double));
    /* the animated tracks on each bone's longest chain */
    uint32_t *own = (uint32_t *)ta__calloc(&w->mem, 3 * (size_t)rig->count, sizeof(uint32_t));
    if (own == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory for the chains");
    uint32_t *up = own + rig->count, *down = up + rig->count;
    for (uint32_t i = 0; i < w->tracks; ++i) own[rig->bone_node[w->in[i].bone]] += w->in[i].moves;
    for (uint32_t k = 0; k < rig->count; ++k) up[k] = own[k] + (rig->parent[k] >= 0 ? up[rig->parent[k]] : 0);
    for (uint32_t k = rig->count; k-- > 0;) {
        const int32_t p = rig->parent[k];
        if (p >= 0 && own[k] + down[k] > down[p]) down[p] = own[k] + down[k];
    }
    for (uint32_t b = 0; b < w->bones; ++b) {
        const uint32_t k = rig->bone_node[b];
        w->chain[b] = up[k] + down[k] > 0 ? up[k] + down[k] : 1;
    }
    ta__free(&w->mem, own, 3 * (size_t)rig->count * sizeof(uint32_t));
    return TA_OK;
}

/* How far value v (x y z w as decoded) is from the raw sample, in points' distance. */
static double error_at(const work *w, const track_in *in, uint32_t s, const float *v)
{
    const float *r = in->raw + 4 * (size_t)s;
    const double lever = w->lever[((size_t)s * w->bones + in->bone) * 3 + in->kind];
    if (in->kind == TA__CC_R) {
        /* 2 sin(half the angle between them), from their distance: 1 - dot^2 loses it near 1.
         * v's length off 1 (float32) scales the matrix the metric makes of it: counted too. */
        double d2 = 0, len2 = 0;
        for (int c = 0; c < 4; ++c) {
            d2 += ((double)r[c] - v[c]) * ((double)r[c] - v[c]);
            len2 += (double)v[c] * v[c];
        }
        const double s2 = d2 - d2 * d2 / 4;
        return lever * (2 * sqrt(s2 > 0 ? s2 : 0) + fabs(1 - len2));
    }
    double d[3] = {(double)v[0] - r[0], (double)v[1] - r[1], (double)v[2] - r[2]};
    if (in->kind == TA__CC_T) return lever * sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    return lever * max_abs(d);
}

static void finish_value(const track_in *in, uint8_t drop, const float *xyz, float *out)
{
    if (in->kind == TA__CC_R)
        ta__cc_rotation(xyz, drop, out);
    else
        out[0] = xyz[0], out[1] = xyz[1], out[2] = xyz[2], out[3] = 0;
}

/* Keys kept from values (samples * 4) within budget, greedily as far as the
 * two kept around a dropped one still give it; STEP keeps them all. */
static uint32_t reduce(const work *w, const track_in *in, uint8_t drop, const float *values, double budget, uint8_t *keep)
{
    const uint32_t n = w->samples;
    memset(keep, 0, n);
    keep[0] = 1;
    if (in->mode == TA__CC_STEP) {
        memset(keep, 1, n);
        return n;
    }
    /* each sample made a value once (a rotation made whole), then mixed as ta__cc_mix mixes them */
    float *whole = w->whole;
    for (uint32_t s = 0; s < n; ++s) finish_value(in, drop, values + 4 * (size_t)s, whole + 4 * (size_t)s);
    uint32_t kept = 1, i = 0;
    while (i < n - 1) {
        uint32_t best = i + 1;
        for (uint32_t j = i + 2; j < n; ++j) {
            bool ok = true;
            const float *a = whole + 4 * (size_t)i, *b = whole + 4 * (size_t)j;
            for (uint32_t s = i + 1; s < j && ok; ++s) {
                float v[4];
                const float u = (float)(s - i) / (float)(j - i);
                if (in->kind == TA__CC_R)
                    ta__cc_nlerp(a, b, u, v);
                else
                    for (int c = 0; c < 4; ++c) v[c] = c < 3 ? a[c] + (b[c] - a[c]) * u : 0;
                ok = error_at(w, in, s, v) <= budget;
            }
            if (!ok) break;
            best = j;
        }
        keep[best] = 1;
        kept++;
        i = best;
    }
    return kept;
}

/* The stored numbers of sample s in a form: a rotation's all four (TA__CC_ALL), else enc's three. */
static const float *stored(const track_in *in, uint8_t drop, uint32_t s)
{
    return (drop == TA__CC_ALL ? in->raw : in->enc) + 4 * (size_t)s;
}

/* Samples s0 to s1 of one form quantized to cbits a component over [lo, lo + extent] (or the
 * segment's part of it) into w->qv and w->qq, and whether each stays within budget. */
static bool quantize_all(work *w, const track_in *in, uint8_t drop, const float *lo, const float *extent, bool segmented,
                         const uint8_t *cbits, double budget, uint32_t s0, uint32_t s1)
{
    const uint32_t comps = drop == TA__CC_ALL ? 4 : 3;
    bool ok = true;
    for (uint32_t s = s0; s < s1 && (ok || cbits[0] == 32); ++s) {
        float v[4], *qv = w->qv + 4 * (size_t)s;
        for (uint32_t c = 0; c < comps; ++c) {
            const float x = stored(in, drop, s)[c];
            if (cbits[c] == 32) {
                qv[c] = x;
                continue;
            }
            float min = lo[c], ext = extent[c];
            if (segmented) {
                const uint8_t *sg = w->segs + TA__CC_SEG_BYTES * (size_t)(s / TA__CC_SEGMENT);
                ta__cc_segment_range(lo[c], extent[c], sg[c], sg[3 + c], &min, &ext);
            }
            const uint32_t q = ta__cc_quantize(x, min, ext, cbits[c]);
            w->qq[4 * (size_t)s + c] = q;
            qv[c] = ta__cc_dequantize(q, min, ext, cbits[c]);
        }
        finish_value(in, drop, qv, v);
        ok = ok && error_at(w, in, s, v) <= budget;
    }
    return ok;
}

/* How many bits fewer than the widest each component takes for about the widest's step. */
static void fewer_bits(const float *extent, uint32_t comps, uint8_t *less)
{
    float widest = 0;
    for (uint32_t c = 0; c < comps; ++c) widest = fmaxf(widest, extent[c]);
    for (uint32_t c = 0; c < comps; ++c) less[c] = extent[c] > 0 ? (uint8_t)fmin(15, floor(log2(widest / extent[c]))) : 15;
}

/* The fewest bits a component (about the same step each, then each as few as hold) that keep
 * samples s0 to s1 within budget, quantized into w->qv; false when 24 do not. */
static bool fewest_bits(work *w, const track_in *in, uint8_t drop, const float *lo, const float *extent, bool segmented,
                        const float *part, double budget, uint32_t s0, uint32_t s1, uint8_t *cbits)
{
    const uint32_t comps = drop == TA__CC_ALL ? 4 : 3;
    uint8_t less[4] = {0, 0, 0, 0};
    fewer_bits(part, comps, less);
    for (uint8_t bits = 1; bits <= 24; ++bits) {
        for (uint32_t c = 0; c < comps; ++c) cbits[c] = (uint8_t)(bits > less[c] ? bits - less[c] : 1);
        if (!quantize_all(w, in, drop, lo, extent, segmented, cbits, budget, s0, s1)) continue;
        for (uint32_t c = 0; c < comps; ++c)
            while (cbits[c] > (segmented ? 1 : 0)) { /* 0: the range's min at every key (a hinge's still axes) */
                cbits[c]--;
                if (quantize_all(w, in, drop, lo, extent, segmented, cbits, budget, s0, s1)) continue;
                cbits[c]++;
                break;
            }
        quantize_all(w, in, drop, lo, extent, segmented, cbits, budget, s0, s1);
        return true;
    }
    return false;
}

/* The range of a form as the decoder reads it: the samples' own (float32), rounded outward to
 * bfloat16, or a rotation's -1 to 1. */
static void form_range(uint8_t form, uint32_t comps, float *lo, float *extent, uint8_t *range8)
{
    for (uint32_t c = 0; c < comps; ++c) {
        if (form == TA__CC_RANGE8) {
            const float hi = lo[c] + extent[c];
            range8[c] = (uint8_t)fmax(0, fmin(255, floor((lo[c] + 1) / 2 * 255)));
            range8[comps + c] = (uint8_t)fmax(range8[c], fmin(255, ceil((hi + 1) / 2 * 255)));
            ta__cc_segment_range(-1.0f, 2.0f, range8[c], range8[comps + c], &lo[c], &extent[c]);
        } else if (form == TA__CC_RANGE_UNIT) {
            lo[c] = -1.0f, extent[c] = 2.0f;
        } else if (form == TA__CC_RANGE16) {
            const float hi = lo[c] + extent[c];
            lo[c] = ta__cc_b16(ta__cc_to_b16(lo[c], false));
            uint16_t e = ta__cc_to_b16(hi - lo[c], true);
            while (lo[c] + ta__cc_b16(e) < hi) e++;
            extent[c] = ta__cc_b16(e);
        }
    }
}

/* Keys o holds from w's quantized samples and kept keys, when cheaper than what it holds. */
static void take_keys(work *w, track_out *o, uint8_t code, uint8_t drop, uint32_t kept, const uint8_t *cbits, const float *lo,
                      const float *extent, const uint8_t *range8, size_t bytes, uint8_t predict, const uint8_t *rbits)
{
    const uint32_t n = w->samples;
    o->bytes = bytes;
    o->predict = predict;
    memcpy(o->rbits, rbits, 4);
    o->bits = code;
    o->drop = drop;
    o->kept = kept;
    memcpy(o->cbits, cbits, 4);
    memcpy(o->range8, range8, 8);
    memcpy(o->range, lo, 4 * sizeof(float));
    memcpy(o->range + 4, extent, 4 * sizeof(float));
    memcpy(o->keep, w->keep, n);
    if (code & TA__CC_SEGMENTED) memcpy(o->segs, w->segs, TA__CC_SEG_BYTES * (size_t)ta__cc_segments(n));
    uint32_t r = 0;
    for (uint32_t s = 0; s < n; ++s) {
        if (!w->keep[s]) continue;
        memcpy(o->values + 4 * (size_t)r, w->qv + 4 * (size_t)s, 4 * sizeof(float));
        memcpy(o->q + 4 * (size_t)r, w->qq + 4 * (size_t)s, 4 * sizeof(uint32_t));
        r++;
    }
}

/* Bits of a number below 2^32: of a zigzag u (2v, or -2v - 1 for v < 0), v's in two's complement. */
static uint8_t bit_length(uint32_t u)
{
    uint8_t b = 0;
    for (; u != 0; u >>= 1) b++;
    return b;
}

/* The difference of a PREDICTED track's kept key r (r % every >= 2) from the line through the
 * two before it, modulo 2^bits (q: kept * 4). */
static int32_t difference(const uint32_t *q, uint32_t r, uint32_t c, uint8_t bits)
{
    const uint32_t mask = (1u << bits) - 1;
    const uint32_t d = (q[4 * (size_t)r + c] - (2u * q[4 * ((size_t)r - 1) + c] - q[4 * ((size_t)r - 2) + c])) & mask;
    return bits > 0 && d >= (1u << (bits - 1)) ? (int32_t)d - (int32_t)(1u << bits) : (int32_t)d;
}

/* The kept keys of w->keep (w->qq's numbers of cbits a component) as PREDICTED keys, into o when
 * cheaper than what it holds: the whole key every 4 to 64 that takes the fewest bytes. */
static void try_predicted(work *w, const track_in *in, track_out *o, uint8_t code, uint8_t drop, uint32_t kept, const uint8_t *cbits,
                          const float *lo, const float *extent, const uint8_t *range8, uint32_t zero)
{
    const uint32_t n = w->samples;
    uint32_t r = 0, *zig = w->packed + 4 * (size_t)n; /* each key's differences, zigzag */
    for (uint32_t s = 0; s < n; ++s)
        if (w->keep[s]) memcpy(w->packed + 4 * (size_t)r++, w->qq + 4 * (size_t)s, 4 * sizeof(uint32_t));
    for (uint32_t k = 2; k < kept; ++k)
        for (uint32_t c = 0; c < 3; ++c) {
            const int32_t v = difference(w->packed, k, c, cbits[c]);
            zig[4 * (size_t)k + c] = v >= 0 ? 2 * (uint32_t)v : 2 * (uint32_t)(-(v + 1)) + 1;
        }
    uint32_t whole = 0;
    for (uint32_t c = 0; c < 3; ++c) whole += cbits[c];
    size_t best = SIZE_MAX;
    uint8_t best_p = 0, best_rbits[4] = {0, 0, 0, 0};
    for (uint8_t p = 1; p <= TA__CC_PREDICT_MAX; ++p) {
        const uint32_t every = 2u << p;
        uint32_t most[3] = {0, 0, 0};
        for (uint32_t k = 2; k < kept; ++k)
            for (uint32_t c = 0; k % every >= 2 && c < 3; ++c) most[c] |= zig[4 * (size_t)k + c]; /* its highest bit is the max's */
        const uint8_t rb[4] = {bit_length(most[0]), bit_length(most[1]), bit_length(most[2]), 0};
        if (rb[0] > 15 || rb[1] > 15 || rb[2] > 15) continue;
        const uint64_t bits = ta__cc_predicted_bit(kept, every, whole, (uint32_t)(rb[0] + rb[1] + rb[2]));
        const size_t bytes = ta__cc_data_bytes(in->mode, code, drop, kept, n, bits, zero, true);
        if (bytes < best) best = bytes, best_p = p, memcpy(best_rbits, rb, sizeof rb);
    }
    if (best < o->bytes) take_keys(w, o, code, drop, kept, cbits, lo, extent, range8, best, best_p, best_rbits);
}

/* The keys a track keeps, into w->keep: every one by default (a uniformly sampled track, as ACL
 * samples: a window reads its keys a key of every lane at a time, where a reduced track's are
 * decoded one after another, a track at a time, clip_compressed_window.c); when the options ask
 * for the fewest bytes, those reduce keeps. Keeping every key took the Fox's Survey from 3,188 to
 * 2,706 instructions a window update for 0.966 to 1.254 bytes a bone-sample, and changed no other
 * clip past one bone (docs/compression.md). */
static uint32_t keep_keys(work *w, const track_in *in, uint8_t drop, double budget)
{
    if (w->smallest) return reduce(w, in, drop, w->qv, budget, w->keep);
    memset(w->keep, 1, w->samples);
    return w->samples;
}

/* The cheapest keys of one form (which components, segmented or not, the range's form) within
 * budget, into o when cheaper than what it holds: the fewest bits a component that hold every
 * sample (per segment when segmented, as ACL picks them), and a few more (more bits may drop
 * more keys). */
static void try_form(work *w, const track_in *in, track_out *o, double budget, uint8_t drop, int segmented, uint8_t form)
{
    const uint32_t n = w->samples, nseg = ta__cc_segments(n), comps = drop == TA__CC_ALL ? 4 : 3;
    float lo[4] = {0, 0, 0, 0}, extent[4] = {0, 0, 0, 0};
    for (uint32_t c = 0; c < comps; ++c) {
        float a = stored(in, drop, 0)[c], b = a;
        for (uint32_t s = 0; s < n; ++s) {
            a = fminf(a, stored(in, drop, s)[c]);
            b = fmaxf(b, stored(in, drop, s)[c]);
        }
        lo[c] = a;
        extent[c] = b - a;
    }
    const float own[4] = {extent[0], extent[1], extent[2], extent[3]};
    uint8_t range8[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    form_range(form, comps, lo, extent, range8);
    if (segmented) {
        /* each segment's part of the range, in 255ths, wide enough to hold its keys, and its fewest bits */
        for (uint32_t g = 0; g < nseg; ++g) {
            uint8_t *sg = w->segs + TA__CC_SEG_BYTES * (size_t)g;
            const uint32_t s0 = g * TA__CC_SEGMENT, s1 = s0 + TA__CC_SEGMENT < n ? s0 + TA__CC_SEGMENT : n;
            float part[4] = {0, 0, 0, 0};
            for (uint32_t c = 0; c < 3; ++c) {
                float a = INFINITY, b = -INFINITY;
                for (uint32_t s = s0; s < s1; ++s) {
                    a = fminf(a, stored(in, drop, s)[c]);
                    b = fmaxf(b, stored(in, drop, s)[c]);
                }
                const double qa = extent[c] > 0 ? floor((a - lo[c]) / extent[c] * 255) : 0;
                const double qb = extent[c] > 0 ? ceil((b - lo[c]) / extent[c] * 255) : 0;
                sg[c] = (uint8_t)fmax(0, fmin(255, qa));
                sg[3 + c] = (uint8_t)fmax(sg[c], fmin(255, qb));
                part[c] = b - a;
            }
            if (!fewest_bits(w, in, drop, lo, extent, true, part, budget, s0, s1, sg + 6)) return;
        }
        for (uint8_t more = 0; more < (w->smallest ? 3 : 1); ++more) { /* more bits may drop more keys (smallest: else every key is kept) */
            uint8_t most = 0;
            for (uint32_t g = 0; g < nseg; ++g) {
                uint8_t *sg = w->segs + TA__CC_SEG_BYTES * (size_t)g;
                for (uint32_t c = 0; c < 3; ++c) {
                    if (more > 0 && sg[6 + c] < 24) sg[6 + c]++;
                    most = sg[6 + c] > most ? sg[6 + c] : most;
                }
                const uint32_t s0 = g * TA__CC_SEGMENT;
                quantize_all(w, in, drop, lo, extent, true, sg + 6, budget, s0, s0 + TA__CC_SEGMENT < n ? s0 + TA__CC_SEGMENT : n);
            }
            const uint32_t kept = keep_keys(w, in, drop, budget);
            const uint8_t code = (uint8_t)((most - 1) | form << TA__CC_RANGE_SHIFT | TA__CC_SEGMENTED);
            uint64_t key_bits = 0;
            for (uint32_t s = 0; s < n; ++s)
                if (w->keep[s]) {
                    const uint8_t *cb = w->segs + TA__CC_SEG_BYTES * (size_t)(s / TA__CC_SEGMENT) + 6;
                    key_bits += (uint32_t)(cb[0] + cb[1] + cb[2]);
                }
            const size_t bytes = ta__cc_data_bytes(in->mode, code, drop, kept, n, key_bits, 0, false);
            const uint8_t none[4] = {0, 0, 0, 0};
            if (bytes < o->bytes) take_keys(w, o, code, drop, kept, none, lo, extent, range8, bytes, 0, none);
        }
        return;
    }
    uint8_t cbits[4] = {0, 0, 0, 0}, less[4] = {0, 0, 0, 0};
    const bool fits = fewest_bits(w, in, drop, lo, extent, false, own, budget, 0, n, cbits);
    uint8_t most = 0;
    for (uint32_t c = 0; c < comps; ++c) most = cbits[c] > most ? cbits[c] : most;
    for (uint32_t c = 0; c < comps; ++c) less[c] = (uint8_t)(most - cbits[c] > 15 ? 15 : most - cbits[c]); /* a nibble */
    if (!fits) { /* float32 as they are: the four of a rotation do better than three */
        if (in->kind == TA__CC_R && drop != TA__CC_ALL) return;
        if (form != TA__CC_RANGE32) return;
        most = 32;
    }
    for (uint8_t bits = most, tried = 0; tried < (w->smallest ? 3 : 1) && bits <= 32; bits = bits == 24 ? 32 : bits + 1, ++tried) {
        if (bits == 32 && form != TA__CC_RANGE32) break;
        uint32_t key_bits = 0;
        for (uint32_t c = 0; c < comps; ++c) {
            cbits[c] = bits == 32 ? 32 : (uint8_t)(bits - less[c]);
            key_bits += cbits[c];
        }
        quantize_all(w, in, drop, lo, extent, false, cbits, budget, 0, n);
        const uint8_t code = (uint8_t)((bits - 1) | form << TA__CC_RANGE_SHIFT);
        uint32_t zero = 0;
        for (uint32_t c = 0; c < comps; ++c) zero += cbits[c] == 0;
        const bool predicted = comps == 3 && bits != 32;
        if (predicted) { /* every key kept: the line through two keys predicts the next best */
            memset(w->keep, 1, n);
            try_predicted(w, in, o, code, drop, n, cbits, lo, extent, range8, zero);
        }
        const uint32_t kept = keep_keys(w, in, drop, budget);
        const size_t bytes = ta__cc_data_bytes(in->mode, code, drop, kept, n, key_bits, zero, false);
        const uint8_t none[4] = {0, 0, 0, 0};
        if (bytes < o->bytes) take_keys(w, o, code, drop, kept, cbits, lo, extent, range8, bytes, 0, none);
        if (predicted && kept < n) try_predicted(w, in, o, code, drop, kept, cbits, lo, extent, range8, zero); /* every key: tried above */
    }
}

/* Whether the constant v (as decoded) stays within budget at every sample; a track that does not
 * move fits when still_exact (its value kept in float32 as it is). */
static bool constant_fits(const work *w, const track_in *in, const float *v, double budget, bool still_exact)
{
    if (still_exact && !in->moves) return true;
    for (uint32_t s = 0; s < w->samples; ++s)
        if (error_at(w, in, s, v) > budget) return false;
    return true;
}

static void take_constant(track_out *o, uint8_t mode, uint8_t drop, uint32_t samples)
{
    o->mode = mode;
    o->bits = 0;
    o->drop = drop;
    o->kept = 1;
    o->predict = 0;
    o->bytes = ta__cc_data_bytes(mode, 0, drop, 1, samples, 0, 0, false);
}

/* Track i's cheapest form within budget. */
static void choose(work *w, uint32_t i, double budget)
{
    const track_in *in = &w->in[i];
    track_out *o = &w->out[i];
    const uint32_t n = w->samples;
    /* a constant: the first sample, or the middle of the range */
    float lo[3], hi[3];
    for (int c = 0; c < 3; ++c) lo[c] = hi[c] = in->enc[c];
    for (uint32_t s = 0; s < n; ++s)
        for (int c = 0; c < 3; ++c) {
            const float v = in->enc[4 * (size_t)s + c];
            if (v < lo[c]) lo[c] = v;
            if (v > hi[c]) hi[c] = v;
        }
    /* the identity costs no data: taken when it is the track's value, or near enough to it (a
     * scale of 1.0000001 at every key, as CesiumMan's) */
    const float *v0 = in->raw;
    const bool identity = !in->moves && (in->kind == TA__CC_S   ? v0[0] == 1 && v0[1] == 1 && v0[2] == 1
                                         : in->kind == TA__CC_T ? v0[0] == 0 && v0[1] == 0 && v0[2] == 0
                                                                : v0[0] == 0 && v0[1] == 0 && v0[2] == 0 && v0[3] == 1);
    const float rest[4] = {in->kind == TA__CC_S, in->kind == TA__CC_S, in->kind == TA__CC_S, in->kind == TA__CC_R};
    if (identity || constant_fits(w, in, rest, budget, false)) {
        take_constant(o, TA__CC_CONSTANT, TA__CC_REST, n);
        return;
    }
    for (int pick = 0; pick < 2 && in->kind == TA__CC_R; ++pick) {
        /* a rotation's constant in 16 bits a component, when that is near enough */
        float xyz[4] = {0, 0, 0, 0}, v[4];
        uint32_t q[3];
        for (int c = 0; c < 3; ++c) {
            const float x = pick == 0 ? in->enc[c] : lo[c] + (hi[c] - lo[c]) / 2;
            q[c] = ta__cc_quantize(x, -1, 2, 16);
            xyz[c] = ta__cc_unit16((uint16_t)q[c]);
        }
        finish_value(in, in->drop, xyz, v);
        if (!constant_fits(w, in, v, budget, false)) continue;
        take_constant(o, TA__CC_CONSTANT16, in->drop, n);
        memcpy(o->q, q, sizeof q);
        return;
    }
    for (int pick = 0; pick < 2 && in->kind != TA__CC_R; ++pick) {
        /* a position's or scale's constant as three int16 of one exponent, when that is near enough */
        float xyz[4] = {0, 0, 0, 0}, big = 0;
        for (int c = 0; c < 3; ++c) {
            xyz[c] = pick == 0 ? in->enc[c] : lo[c] + (hi[c] - lo[c]) / 2;
            big = fmaxf(big, fabsf(xyz[c]));
        }
        int e = TA__CC_EXP_MIN;
        if (big > 0) frexpf(big / 32767.0f, &e);
        while (e < TA__CC_EXP_MIN || (e <= TA__CC_EXP_MAX && big / ldexpf(1, e) > 32767)) e++;
        if (e > TA__CC_EXP_MAX) break;
        for (int c = 0; c < 3; ++c) {
            const int16_t q = (int16_t)lrintf(xyz[c] / ldexpf(1, e));
            xyz[c] = ta__cc_const16(q, (int8_t)e);
            o->q[c] = (uint32_t)(uint16_t)q;
        }
        o->q[3] = (uint32_t)(uint8_t)(int8_t)e;
        if (!constant_fits(w, in, xyz, budget, false)) continue;
        take_constant(o, TA__CC_CONSTANT, in->drop, n);
        o->bits = TA__CC_CONST16;
        o->bytes = ta__cc_data_bytes(TA__CC_CONSTANT, TA__CC_CONST16, in->drop, 1, n, 0, 0, false);
        return;
    }
    for (int pick = 0; pick < 4; ++pick) { /* 24 bits a number (a float32's high three bytes), then float32 */
        float xyz[4] = {0, 0, 0, 0}, v[4];
        for (int c = 0; c < 3; ++c) {
            xyz[c] = pick % 2 == 0 ? in->enc[c] : lo[c] + (hi[c] - lo[c]) / 2;
            if (pick < 2) xyz[c] = ta__cc_f24(ta__cc_to_f24(xyz[c]));
        }
        finish_value(in, in->drop, xyz, v);
        if (!constant_fits(w, in, v, budget, pick >= 2)) continue;
        take_constant(o, TA__CC_CONSTANT, in->drop, n);
        if (pick < 2) {
            o->bits = TA__CC_CONST24;
            o->bytes = ta__cc_data_bytes(TA__CC_CONSTANT, TA__CC_CONST24, in->drop, 1, n, 0, 0, false);
        }
        memcpy(o->range, xyz, sizeof xyz);
        return;
    }
    o->mode = in->mode;
    o->bytes = SIZE_MAX;
    /* a rotation keeps three components, or all four when the dropped one comes near 0 */
    for (int all = 0; all < (in->kind == TA__CC_R ? 2 : 1); ++all)
        for (int segmented = 0; segmented < (n > TA__CC_SEGMENT && !all ? 2 : 1); ++segmented)
            for (uint8_t form = 0; form < (in->kind == TA__CC_R ? 4 : 2); ++form)
                try_form(w, in, o, budget, all ? (uint8_t)TA__CC_ALL : in->drop, segmented, form);
}

/* v's low nb bits at bit `bit` of k, little end first: a number of at most 24 bits lands in at
 * most 4 bytes. */
static void put_bits(unsigned char *k, size_t bit, uint32_t v, uint8_t nb)
{
    const uint32_t x = v << (bit % 8);
    for (uint32_t b = 0; b < (bit % 8 + nb + 7) / 8; ++b) k[bit / 8 + b] |= (unsigned char)(x >> (8 * b));
}

/* The block of the choices made (out: its bytes). */
static unsigned char *write_block(work *w, size_t *out_bytes)
{
    float first, step;
    const uint16_t timing = time_form(w, &first, &step, (int16_t *)(void *)w->qq); /* qq: samples * 4 scratch */
    const uint32_t n = w->samples;
    /* a step of the first two for the runs (UNIFORM's is the mean) */
    const float run_step = n > 1 ? (float)(w->times[1] - w->times[0]) : 0;
    const uint32_t runs = timing == 0 ? time_runs(w, run_step, NULL) : 0;
    const uint16_t flags = runs > 0 ? (uint16_t)TA__CC_RUNS : timing;
    if (runs > 0) step = run_step;
    const size_t times = flags == TA__CC_UNIFORM ? 0
                         : flags == TA__CC_NEAR  ? 2 * (size_t)n
                         : flags == TA__CC_RUNS  ? 2 + (size_t)TA__CC_RUN * runs
                                                 : sizeof(float) * (size_t)n;
    size_t bytes = TA__CC_HEADER + times + (size_t)TA__CC_TRACK * w->tracks + TA__CC_TAIL;
    for (uint32_t i = 0; i < w->tracks; ++i) bytes += w->out[i].bytes;
    unsigned char *b = (unsigned char *)ta__calloc(&w->mem, 1, bytes);
    if (b == NULL) return NULL;
    put32(b, TA__CC_MAGIC);
    const uint16_t version = TA__CC_VERSION;
    memcpy(b + 4, &version, 2);
    memcpy(b + 6, &flags, 2);
    put32(b + 8, (uint32_t)bytes);
    const uint16_t samples = (uint16_t)n, bones = (uint16_t)w->bones;
    memcpy(b + 12, &samples, 2);
    memcpy(b + 14, &bones, 2);
    put32(b + 16, w->tracks);
    putf(b + 20, (float)w->clip->duration);
    putf(b + 24, first);
    putf(b + 28, step);
    unsigned char *p = b + TA__CC_HEADER;
    if (flags == TA__CC_NEAR) {
        for (uint32_t s = 0; s < n; ++s, p += 2) memcpy(p, (const int16_t *)(const void *)w->qq + s, 2);
    } else if (flags == TA__CC_RUNS) {
        const uint16_t count = (uint16_t)runs;
        memcpy(p, &count, 2);
        time_runs(w, run_step, p + 2);
        p += times;
    } else if (flags == 0) {
        for (uint32_t s = 0; s < n; ++s, p += 4) putf(p, (float)w->times[s]);
    }
    unsigned char *data = p + (size_t)TA__CC_TRACK * w->tracks;
    for (uint32_t i = 0; i < w->tracks; ++i, p += TA__CC_TRACK) {
        const track_out *o = &w->out[i];
        const uint16_t node = (uint16_t)w->in[i].track->target.index;
        memcpy(p, &node, 2);
        const bool moving = o->mode == TA__CC_LINEAR || o->mode == TA__CC_STEP, constant = o->mode == TA__CC_CONSTANT;
        /* a constant's code: a position's or scale's where `dropped` is, a rotation's CONST24 in the REDUCED bit */
        const uint8_t drop = constant && o->drop != TA__CC_REST && w->in[i].kind != TA__CC_R ? o->bits : o->drop;
        const bool flag7 = moving ? o->kept < n : constant && w->in[i].kind == TA__CC_R && o->bits == TA__CC_CONST24;
        p[2] = (uint8_t)(w->in[i].kind | o->mode << 2 | drop << 4 | (flag7 ? TA__CC_REDUCED : 0));
        if (o->mode == TA__CC_CONSTANT && o->drop == TA__CC_REST) continue;
        if (o->mode == TA__CC_CONSTANT && o->bits == TA__CC_CONST24) {
            for (int c = 0; c < 3; ++c) {
                const uint32_t v = ta__cc_to_f24(o->range[c]);
                memcpy(data + 3 * c, &v, 3); /* little-endian: its low three bytes */
            }
            data += o->bytes;
            continue;
        }
        if (o->mode == TA__CC_CONSTANT && o->bits == TA__CC_CONST16) {
            data[0] = (unsigned char)o->q[3];
            for (int c = 0; c < 3; ++c) {
                const uint16_t q = (uint16_t)o->q[c];
                memcpy(data + 1 + 2 * c, &q, 2);
            }
            data += o->bytes;
            continue;
        }
        if (o->mode == TA__CC_CONSTANT) {
            for (int c = 0; c < 3; ++c) putf(data + 4 * c, o->range[c]);
            data += o->bytes;
            continue;
        }
        if (o->mode == TA__CC_CONSTANT16) {
            for (int c = 0; c < 3; ++c) {
                const uint16_t q = (uint16_t)o->q[c];
                memcpy(data + 2 * c, &q, 2);
            }
            data += o->bytes;
            continue;
        }
        const uint32_t comps = o->drop == TA__CC_ALL ? 4 : 3;
        const uint8_t form = o->bits >> TA__CC_RANGE_SHIFT & 3, bits = ta__cc_code_bits(o->bits);
        data[0] = o->bits;
        unsigned char *k = data + 1;
        const bool nibbles = bits != 32 && !(o->bits & TA__CC_SEGMENTED);
        if (nibbles) {
            for (uint32_t c = 0; c < comps; ++c) k[c / 2] |= (unsigned char)((bits - o->cbits[c]) << (4 * (c % 2)));
            k += (comps * 4 + 7) / 8;
        }
        if (o->predict != 0) { /* the fourth nibble, then the differences' bits */
            k[-1] |= (unsigned char)(o->predict << 4);
            for (uint32_t c = 0; c < 3; ++c) k[c / 2] |= (unsigned char)(o->rbits[c] << (4 * (c % 2)));
            k += 2;
        }
        /* the mins of all, then the extents of those of more than 0 bits (e: its place) */
        uint32_t e = comps;
        for (uint32_t c = 0; c < comps && form != TA__CC_RANGE_UNIT; ++c) {
            const bool has = !nibbles || o->cbits[c] > 0;
            if (form == TA__CC_RANGE8) {
                k[c] = o->range8[c];
                if (has) k[e] = o->range8[comps + c];
            } else if (form == TA__CC_RANGE32) {
                putf(k + 4 * c, o->range[c]);
                if (has) putf(k + 4 * e, o->range[4 + c]);
            } else { /* the range is bfloat16 already: its high half */
                const uint16_t lo = ta__cc_to_b16(o->range[c], false), ext = ta__cc_to_b16(o->range[4 + c], false);
                memcpy(k + 2 * c, &lo, 2);
                if (has) memcpy(k + 2 * e, &ext, 2);
            }
            e += has;
        }
        k += ta__cc_range_bytes(form, comps, form == TA__CC_RANGE_UNIT ? 0 : e - comps);
        if (o->kept < n) {
            for (uint32_t s = 0; s < n; ++s)
                if (o->keep[s]) k[s / 8] |= (unsigned char)(1u << (s % 8));
            k += (n + 7) / 8;
        }
        if (o->bits & TA__CC_SEGMENTED) {
            memcpy(k, o->segs, TA__CC_SEG_BYTES * (size_t)ta__cc_segments(n));
            k += TA__CC_SEG_BYTES * (size_t)ta__cc_segments(n);
        }
        if (bits == 32) {
            for (uint32_t r = 0; r < o->kept; ++r) memcpy(k + 4 * comps * r, o->values + 4 * (size_t)r, 4 * comps);
        } else if (o->predict != 0) {
            size_t bit = 0;
            for (uint32_t r = 0; r < o->kept; ++r)
                for (uint32_t c = 0; c < 3; ++c) {
                    const bool whole = r % (2u << o->predict) < 2;
                    const uint8_t nb = whole ? o->cbits[c] : o->rbits[c];
                    const uint32_t v = whole ? o->q[4 * (size_t)r + c] : (uint32_t)difference(o->q, r, c, o->cbits[c]) & ((1u << nb) - 1);
                    put_bits(k, bit, v, nb);
                    bit += nb;
                }
        } else {
            size_t bit = 0;
            for (uint32_t r = 0, s = 0; s < n; ++s) {
                if (!o->keep[s]) continue;
                const uint8_t *cb = (o->bits & TA__CC_SEGMENTED) ? o->segs + TA__CC_SEG_BYTES * (size_t)(s / TA__CC_SEGMENT) + 6 : o->cbits;
                for (uint32_t c = 0; c < comps; ++c) {
                    put_bits(k, bit, o->q[4 * (size_t)r + c], cb[c]);
                    bit += cb[c];
                }
                r++;
            }
        }
        data += o->bytes;
    }
    *out_bytes = bytes;
    return b;
}

/* Time t on the block's key times: the interval from key *k to the next and the place *u in it
 * (0: at key *k), as the sampler finds them. */
static void place_on_grid(const ta__cc_header *h, double t, uint32_t *k, double *u)
{
    const double guess = h->step > 0 ? floor((t - h->first) / h->step) : 0;
    uint32_t j = guess > 0 ? (uint32_t)fmin(guess, (double)h->samples - 2) : 0;
    while (j > 0 && (double)(float)ta__cc_time(h, j) > t) --j;
    while (j + 2 < h->samples && (double)(float)ta__cc_time(h, j + 1) <= t) ++j;
    const double a = (float)ta__cc_time(h, j), b = (float)ta__cc_time(h, j + 1);
    *k = j;
    *u = t <= a ? 0 : t >= b ? 1 : (t - a) / (b - a);
    if (*u == 1) *k = j + 1, *u = 0; /* at the next key (j + 1 < samples) */
}

static int cmp_error(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The exact error of a block against the raw poses: max and p99 over bone-samples, in the clip's
 * units, and the largest halfway between two key times, the two keys played as the sampler plays
 * them (lerp, slerp, held). */
static ta_result measure(work *w, const unsigned char *block, double *out_max, double *out_p99, double *out_mid, ta_error *err)
{
    const uint32_t n = w->samples, nb = w->bones;
    const size_t floats = 10 * (size_t)nb + 24 * (size_t)w->rig.count + (size_t)nb * (n + 1);
    double *lossy = (double *)ta__calloc(&w->mem, floats, sizeof(double));
    float *keys = (float *)ta__calloc(&w->mem, (size_t)n * 4 * w->tracks, sizeof(float));
    if (lossy == NULL || keys == NULL) {
        ta__free(&w->mem, lossy, floats * sizeof(double));
        ta__free(&w->mem, keys, (size_t)n * 4 * w->tracks * sizeof(float));
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory to measure the error");
    }
    double *scratch = lossy + 10 * (size_t)nb, *errors = scratch + 24 * (size_t)w->rig.count, *mid = errors + (size_t)nb * n;
    ta__cc_header h;
    ta__cc_read_header(block, &h);
    const unsigned char *d = ta__cc_tracks_at(block, &h), *data = d + (size_t)TA__CC_TRACK * h.tracks;
    for (uint32_t i = 0; i < h.tracks; ++i, d += TA__CC_TRACK) {
        ta__cc_track t;
        ta__cc_read_track(d, data, n, &t);
        data += t.data_bytes;
        ta__cc_decode_all(&t, n, keys + (size_t)n * 4 * i);
    }
    *out_mid = 0;
    double worst_seen = -1;
    for (uint32_t b = 0; b < nb; ++b) w->bone_err[b] = 0;
    for (uint32_t s = 0; s < 2 * n - 1; ++s) {
        const double *raw = w->raw_pose + (size_t)s * nb * 10;
        uint32_t k = s < n ? s : s - n; /* halfway: from key k to key k + 1 */
        double u = s < n ? 0 : 0.5;
        if (w->snap) /* the block's times are the grid's: where the clip's own time falls on it */
            place_on_grid(&h, s < n ? w->times[s] : (w->times[k] + w->times[k + 1]) / 2, &k, &u);
        memcpy(lossy, raw, 10 * (size_t)nb * sizeof(double)); /* what no track drives stays as it is */
        for (uint32_t i = 0; i < h.tracks; ++i) {
            const track_in *in = &w->in[i];
            const float *a = keys + ((size_t)n * i + k) * 4;
            const int at = in->kind == TA__CC_T ? 0 : in->kind == TA__CC_R ? 3 : 7, size = in->kind == TA__CC_R ? 4 : 3;
            double *out = lossy + 10 * (size_t)in->bone + at;
            if (u == 0 || in->mode == TA__CC_STEP) {
                for (int c = 0; c < size; ++c) out[c] = a[c];
            } else if (in->kind == TA__CC_R) {
                const double qa[4] = {a[0], a[1], a[2], a[3]}, qb[4] = {a[4], a[5], a[6], a[7]};
                ta_quat_slerp_flat(out, qa, qb, u);
            } else {
                for (int c = 0; c < size; ++c) out[c] = (float)(a[c] + (a[4 + c] - a[c]) * u);
            }
        }
        ta__cc_pose_error(&w->rig, raw, lossy, w->shell, scratch, s < n ? errors + (size_t)s * nb : mid);
        for (uint32_t b = 0; b < nb; ++b) w->bone_err[b] = fmax(w->bone_err[b], s < n ? errors[(size_t)s * nb + b] : mid[b]);
        for (uint32_t b = 0; s >= n && b < nb; ++b) {
            *out_mid = fmax(*out_mid, mid[b]);
            if (mid[b] > worst_seen) worst_seen = mid[b], w->worst_bone = b;
        }
        for (uint32_t b = 0; s < n && b < nb; ++b)
            if (errors[(size_t)s * nb + b] > worst_seen) worst_seen = errors[(size_t)s * nb + b], w->worst_bone = b;
    }
    const size_t count = (size_t)nb * n;
    if (out_p99 == NULL) { /* a trial: its largest is enough */
        double worst = 0;
        for (size_t x = 0; x < count; ++x) worst = fmax(worst, errors[x]);
        *out_max = worst;
    } else {
        qsort(errors, count, sizeof(double), cmp_error);
        *out_max = errors[count - 1];
        *out_p99 = errors[(size_t)ceil(0.99 * (double)count) - 1];
    }
    ta__free(&w->mem, lossy, floats * sizeof(double));
    ta__free(&w->mem, keys, (size_t)n * 4 * w->tracks * sizeof(float));
    return TA_OK;
}

static void copy_out(track_out *to, const track_out *from, uint32_t samples)
{
    float *values = to->values;
    uint32_t *q = to->q;
    uint8_t *keep = to->keep, *segs = to->segs;
    *to = *from;
    to->values = values, to->q = q, to->keep = keep, to->segs = segs;
    memcpy(values, from->values, (size_t)samples * 4 * sizeof(float));
    memcpy(q, from->q, (size_t)samples * 4 * sizeof(uint32_t));
    memcpy(keep, from->keep, samples);
    memcpy(segs, from->segs, TA__CC_SEG_BYTES * (size_t)ta__cc_segments(samples));
}

static void swap_out(track_out *a, track_out *b)
{
    const track_out t = *a;
    *a = *b;
    *b = t;
}

/* Every track's choice for the share factor f. */
static double budget_of(const work *w, uint32_t i, double f)
{
    return f * w->share[i] * w->tolerance / w->chain[w->in[i].bone];
}

static void choose_all(work *w, double f)
{
    for (uint32_t i = 0; i < w->tracks; ++i) choose(w, i, budget_of(w, i, f));
}

static ta_result setup(work *w, ta_error *err)
{
    const uint32_t n = w->samples, nt = w->clip->track_count;
    w->tracks = nt;
    w->in = (track_in *)ta__calloc(&w->mem, nt, sizeof(track_in));
    w->out = (track_out *)ta__calloc(&w->mem, nt, sizeof(track_out));
    if (w->in == NULL || w->out == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory");
    /* the bones, in the order their first tracks come */
    uint32_t *bones = (uint32_t *)ta__calloc(&w->mem, nt, sizeof(uint32_t));
    if (bones == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory");
    for (uint32_t i = 0; i < nt; ++i) {
        const ta_track *t = w->clip->tracks[i];
        uint32_t b = 0;
        while (b < w->bones && bones[b] != t->target.index) b++;
        if (b == w->bones) bones[w->bones++] = t->target.index;
        w->in[i] = (track_in){t, b, kind_of(t->target.kind),
                              t->interpolation == TA_INTERPOLATION_STEP ? (uint8_t)TA__CC_STEP : (uint8_t)TA__CC_LINEAR, false, 0, NULL, NULL};
    }
    if (w->bones > UINT16_MAX) {
        ta__free(&w->mem, bones, nt * sizeof(uint32_t));
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_clip_compress: %u nodes driven, past the 65535 a compressed clip holds", w->bones);
    }
    ta_result r = ta__cc_rig_make(&w->mem, w->scene, bones, w->bones, &w->rig, err);
    ta__free(&w->mem, bones, nt * sizeof(uint32_t));
    if (r != TA_OK) return r;
    for (uint32_t i = 0; i < nt; ++i) {
        w->out[i].values = (float *)ta__calloc(&w->mem, (size_t)n * 4, sizeof(float));
        w->out[i].q = (uint32_t *)ta__calloc(&w->mem, (size_t)n * 4, sizeof(uint32_t));
        w->out[i].keep = (uint8_t *)ta__calloc(&w->mem, n, 1);
        w->out[i].segs = (uint8_t *)ta__calloc(&w->mem, ta__cc_segments(n), TA__CC_SEG_BYTES);
        if (w->out[i].values == NULL || w->out[i].q == NULL || w->out[i].keep == NULL || w->out[i].segs == NULL)
            return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory");
    }
    w->spare.values = (float *)ta__calloc(&w->mem, (size_t)n * 4, sizeof(float));
    w->spare.q = (uint32_t *)ta__calloc(&w->mem, (size_t)n * 4, sizeof(uint32_t));
    w->spare.keep = (uint8_t *)ta__calloc(&w->mem, n, 1);
    w->spare.segs = (uint8_t *)ta__calloc(&w->mem, ta__cc_segments(n), TA__CC_SEG_BYTES);
    if (w->spare.values == NULL || w->spare.q == NULL || w->spare.keep == NULL || w->spare.segs == NULL)
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory");
    w->bone_err = (double *)ta__calloc(&w->mem, w->bones, sizeof(double));
    if (w->bone_err == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory");
    w->raw_pose = (double *)ta__calloc(&w->mem, 2 * (size_t)n * w->bones * 10, sizeof(double));
    w->lever = (double *)ta__calloc(&w->mem, (size_t)n * w->bones * 3, sizeof(double));
    w->chain = (uint32_t *)ta__calloc(&w->mem, w->bones, sizeof(uint32_t));
    w->share = (double *)ta__calloc(&w->mem, nt, sizeof(double));
    if (w->share != NULL)
        for (uint32_t i = 0; i < nt; ++i) w->share[i] = 1;
    w->qv = (float *)ta__calloc(&w->mem, (size_t)n * 4, sizeof(float));
    w->whole = (float *)ta__calloc(&w->mem, (size_t)n * 4, sizeof(float));
    w->qq = (uint32_t *)ta__calloc(&w->mem, (size_t)n * 4, sizeof(uint32_t));
    w->packed = (uint32_t *)ta__calloc(&w->mem, (size_t)n * 8, sizeof(uint32_t));
    w->keep = (uint8_t *)ta__calloc(&w->mem, n, 1);
    w->segs = (uint8_t *)ta__calloc(&w->mem, ta__cc_segments(n), TA__CC_SEG_BYTES);
    if (w->segs == NULL || w->packed == NULL || w->whole == NULL || w->raw_pose == NULL || w->lever == NULL || w->chain == NULL || w->share == NULL || w->qv == NULL || w->qq == NULL || w->keep == NULL)
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory");
    return TA_OK;
}

/* The current choices' block, measured: whether it passes. *out: the block (the caller's). */
static ta_result try_current(work *w, unsigned char **out, size_t *bytes, bool *pass, double *max, ta_error *err)
{
    *out = write_block(w, bytes);
    if (*out == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory for the block");
    double mid = 0;
    ta_result r = measure(w, *out, max, NULL, &mid, err);
    if (r != TA_OK) {
        ta__free(&w->mem, *out, *bytes);
        *out = NULL;
        return r;
    }
    *pass = *max <= w->tolerance && mid <= w->tolerance;
    return TA_OK;
}

/* A block that passes kept as the best when smaller. */
static void keep_best(work *w, unsigned char *block, size_t bytes, double max, unsigned char **best, size_t *best_bytes, double *best_max)
{
    if (bytes < *best_bytes) {
        ta__free(&w->mem, *best, *best_bytes);
        *best = block, *best_bytes = bytes, *best_max = max;
    } else {
        ta__free(&w->mem, block, bytes);
    }
}

/* Track by track: twice its part while the exact error still passes and the bytes fall (errors
 * seldom add up as the shares assume), then in finer steps. *cur: the current choices' bytes. */
static ta_result grow(work *w, double f, size_t *cur, unsigned char **best, size_t *best_bytes, double *best_max, ta_error *err)
{
    static const double steps[3] = {2, 1.41, 1.19};
    for (int k = 0; k < 3; ++k) {
        const double step = steps[k];
        for (int round = 0; round < 6; ++round) {
            bool better = false;
            for (uint32_t i = 0; i < w->tracks; ++i) {
                if (!w->in[i].moves) continue;
                const size_t was = w->out[i].bytes;
                copy_out(&w->spare, &w->out[i], w->samples);
                w->share[i] *= step;
                choose(w, i, budget_of(w, i, f));
                bool keep = false;
                if (w->out[i].bytes < was) {
                    unsigned char *block = NULL;
                    size_t bytes = 0;
                    double max = 0;
                    bool pass = false;
                    ta_result r = try_current(w, &block, &bytes, &pass, &max, err);
                    if (r != TA_OK) return r;
                    if (pass) {
                        *cur = bytes;
                        keep = better = true;
                        keep_best(w, block, bytes, max, best, best_bytes, best_max);
                    } else {
                        ta__free(&w->mem, block, bytes);
                    }
                }
                if (!keep) { /* its choice before, as it was */
                    w->share[i] /= step;
                    swap_out(&w->out[i], &w->spare);
                }
            }
            if (!better) break;
        }
    }
    return TA_OK;
}

/* Where grow stops, one bone's error is at the limit and no track above it can give way: its own
 * tracks made more exact (their parts x0.6), and grow run again from there; kept when that ends
 * smaller than the best, else the parts as they were (*on false: no use going on). */
static ta_result kick(work *w, double f, size_t *cur, unsigned char **best, size_t *best_bytes, double *best_max, bool *on, ta_error *err)
{
    *on = false;
    double *saved = (double *)ta__calloc(&w->mem, w->tracks, sizeof(double));
    if (saved == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory");
    memcpy(saved, w->share, w->tracks * sizeof(double));
    const size_t before = *best_bytes, was = *cur;
    unsigned char *block = NULL;
    size_t bytes = 0;
    double max = 0;
    bool pass = false;
    ta_result r = try_current(w, &block, &bytes, &pass, &max, err);
    if (r == TA_OK) {
        ta__free(&w->mem, block, bytes);
        const uint32_t bone = w->worst_bone;
        for (uint32_t i = 0; i < w->tracks; ++i)
            if (w->in[i].bone == bone && w->in[i].moves) {
                w->share[i] *= 0.6;
                choose(w, i, budget_of(w, i, f));
            }
        r = try_current(w, &block, &bytes, &pass, &max, err);
    }
    if (r == TA_OK) {
        if (pass) {
            *cur = bytes;
            keep_best(w, block, bytes, max, best, best_bytes, best_max);
            r = grow(w, f, cur, best, best_bytes, best_max, err);
        } else {
            ta__free(&w->mem, block, bytes);
        }
    }
    if (r == TA_OK && *best_bytes < before) {
        *on = true;
    } else if (r == TA_OK) {
        memcpy(w->share, saved, w->tracks * sizeof(double));
        choose_all(w, f);
        *cur = was;
    }
    ta__free(&w->mem, saved, w->tracks * sizeof(double));
    return r;
}

/* Track i's part times `step` (> 1: looser, < 1: more exact), as many times as it takes (at most
 * `tries`) for its bytes to change; false, its part and choice as they were, when they do not.
 * Its choice before is left in `old` (swap_out undoes it). memo: the part it was last asked
 * from (0: never) and the part found (0: none), so that a track whose part did not move since is
 * not searched again: its choice depends on its part alone. */
static bool retune(work *w, uint32_t i, double f, double step, int tries, track_out *old, double *memo)
{
    const size_t was = w->out[i].bytes;
    const double share = w->share[i];
    if (memo[0] == share && memo[1] == 0) return false;
    copy_out(old, &w->out[i], w->samples);
    if (memo[0] == share) {
        w->share[i] = memo[1];
        choose(w, i, budget_of(w, i, f));
        return true;
    }
    memo[0] = share, memo[1] = 0;
    for (int k = 0; k < tries; ++k) {
        w->share[i] *= step;
        choose(w, i, budget_of(w, i, f));
        if (w->out[i].bytes != was && (step < 1 || w->out[i].bytes < was)) {
            memo[1] = w->share[i];
            return true;
        }
    }
    w->share[i] = share;
    swap_out(&w->out[i], old);
    return false;
}

/* The current choices measured (the trade's count of measures kept): whether they pass; a block
 * that passes kept as the best when smaller. */
static ta_result trial(work *w, unsigned char **best, size_t *best_bytes, double *best_max, uint32_t *measures, bool *pass,
                       ta_error *err)
{
    unsigned char *block = NULL;
    size_t bytes = 0;
    double max = 0;
    ++*measures;
    ta_result r = try_current(w, &block, &bytes, pass, &max, err);
    if (r != TA_OK) return r;
    if (*pass)
        keep_best(w, block, bytes, max, best, best_bytes, best_max);
    else
        ta__free(&w->mem, block, bytes);
    return TA_OK;
}

/* Where no track's part alone grows (grow, kick), parts traded, as ACL searches bit rates down a
 * chain: each moving track made looser (the bytes it saves, each bone's error then, measured
 * exactly) and more exact (the bytes it costs, each bone's error). For a looser track, the more
 * exact ones that take back the most error a byte are added, each bone's error summed as changes
 * from the current ones, until it is within the limit; the sets that save bytes are tried
 * exactly, most saved first, and the first that passes kept; again until none does or the
 * measures run out (a clip's size in bone-samples sets how many). */
static ta_result trade(work *w, double f, unsigned char **best, size_t *best_bytes, double *best_max, ta_error *err)
{
    const uint32_t nt = w->tracks, nb = w->bones;
    const double work_limit = 5e5; /* bone-samples measured */
    const uint32_t most = (uint32_t)fmin(4000, work_limit / ((double)w->samples * nb));
    const size_t floats = (size_t)nb * (2 * (size_t)nt + 2) + 9 * (size_t)nt;
    double *base = (double *)ta__calloc(&w->mem, floats, sizeof(double));
    uint32_t *set = (uint32_t *)ta__calloc(&w->mem, 2 * (size_t)nt + 1, sizeof(uint32_t));
    if (base == NULL || set == NULL) {
        ta__free(&w->mem, base, floats * sizeof(double));
        ta__free(&w->mem, set, (2 * (size_t)nt + 1) * sizeof(uint32_t));
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory");
    }
    double *sum = base + nb, *loose_err = sum + nb, *tight_err = loose_err + (size_t)nb * nt;
    double *loose_share = tight_err + (size_t)nb * nt, *tight_share = loose_share + nt, *saves = tight_share + nt;
    double *costs = saves + nt, *was_share = costs + nt, *memo = was_share + nt; /* 4 a track: looser, more exact */
    uint32_t *order = set + nt + 1, measures = 0;
    ta_result r = TA_OK;
    bool pass = false, on = true;
    while (on && r == TA_OK && measures + 2 * nt < most) {
        on = false;
        if ((r = trial(w, best, best_bytes, best_max, &measures, &pass, err)) != TA_OK || !pass) break;
        memcpy(base, w->bone_err, nb * sizeof(double));
        bool direct = false;
        for (uint32_t i = 0; i < nt && r == TA_OK; ++i) {
            saves[i] = 0, costs[i] = -1;
            if (!w->in[i].moves) continue;
            const double share = w->share[i];
            const size_t was = w->out[i].bytes;
            if (retune(w, i, f, 1.07, 24, &w->spare, memo + 4 * (size_t)i)) {
                if ((r = trial(w, best, best_bytes, best_max, &measures, &pass, err)) != TA_OK) break;
                if (pass) { /* it grows alone: kept */
                    direct = true;
                    continue;
                }
                saves[i] = (double)was - (double)w->out[i].bytes;
                loose_share[i] = w->share[i];
                memcpy(loose_err + (size_t)nb * i, w->bone_err, nb * sizeof(double));
                w->share[i] = share;
                swap_out(&w->out[i], &w->spare);
            }
            if (retune(w, i, f, 1 / 1.07, 12, &w->spare, memo + 4 * (size_t)i + 2)) {
                if ((r = trial(w, best, best_bytes, best_max, &measures, &pass, err)) != TA_OK) break;
                if (pass && w->out[i].bytes < was) {
                    direct = true;
                    continue;
                }
                costs[i] = (double)w->out[i].bytes - (double)was;
                tight_share[i] = w->share[i];
                memcpy(tight_err + (size_t)nb * i, w->bone_err, nb * sizeof(double));
                w->share[i] = share;
                swap_out(&w->out[i], &w->spare);
            }
        }
        if (r != TA_OK || direct) {
            on = direct;
            continue;
        }
        /* the looser tracks, most saved first */
        uint32_t loose = 0;
        for (uint32_t i = 0; i < nt; ++i)
            if (saves[i] > 0) order[loose++] = i;
        for (uint32_t x = 1; x < loose; ++x)
            for (uint32_t y = x; y > 0 && saves[order[y]] > saves[order[y - 1]]; --y) {
                const uint32_t t = order[y];
                order[y] = order[y - 1], order[y - 1] = t;
            }
        uint32_t tried = 0;
        for (uint32_t x = 0; x < loose && !on && r == TA_OK && tried < 8; ++x) {
            const uint32_t i = order[x];
            uint32_t count = 0;
            double cost = 0, over = 0;
            for (uint32_t b = 0; b < nb; ++b) {
                sum[b] = loose_err[(size_t)nb * i + b];
                over += fmax(0, sum[b] - w->tolerance);
            }
            while (over > 0 && cost < saves[i]) { /* the more exact track that takes back the most a byte */
                uint32_t pick = UINT32_MAX;
                double pick_gain = 0;
                for (uint32_t j = 0; j < nt; ++j) {
                    if (j == i || costs[j] < 0 || cost + costs[j] >= saves[i]) continue;
                    bool in_set = false;
                    for (uint32_t k = 0; k < count; ++k) in_set = in_set || set[k] == j;
                    if (in_set) continue;
                    double after = 0;
                    for (uint32_t b = 0; b < nb; ++b) after += fmax(0, sum[b] + tight_err[(size_t)nb * j + b] - base[b] - w->tolerance);
                    const double gain = (over - after) / fmax(costs[j], 0.5);
                    if (gain > pick_gain) pick = j, pick_gain = gain;
                }
                if (pick == UINT32_MAX) break;
                set[count++] = pick;
                cost += costs[pick];
                over = 0;
                for (uint32_t b = 0; b < nb; ++b) {
                    sum[b] += tight_err[(size_t)nb * pick + b] - base[b];
                    over += fmax(0, sum[b] - w->tolerance);
                }
            }
            if (over > 0 || cost >= saves[i]) continue;
            tried++;
            set[count++] = i;
            const size_t before = *best_bytes;
            for (uint32_t k = 0; k < count; ++k) {
                const uint32_t j = set[k];
                was_share[j] = w->share[j];
                w->share[j] = j == i ? loose_share[j] : tight_share[j];
                choose(w, j, budget_of(w, j, f));
            }
            r = trial(w, best, best_bytes, best_max, &measures, &pass, err);
            if (r == TA_OK && pass && *best_bytes < before) {
                on = true;
            } else { /* the parts as they were: a part's choice is made again the same */
                for (uint32_t k = 0; k < count; ++k) {
                    w->share[set[k]] = was_share[set[k]];
                    choose(w, set[k], budget_of(w, set[k], f));
                }
            }
        }
    }
    ta__free(&w->mem, base, floats * sizeof(double));
    ta__free(&w->mem, set, (2 * (size_t)nt + 1) * sizeof(uint32_t));
    return r;
}

/* The clip compressed with a curve's key intervals split into `split` lines; *too_few when no form
 * passes and more lines might. */
static ta_result compress(const ta_clip *clip, const ta_scene *scene, const ta_compress_options *options, uint32_t split,
                          ta_compressed_clip **out_clip, ta_compress_stats *out_stats, bool *too_few, ta_error *err)
{
    *too_few = false;
    work w;
    memset(&w, 0, sizeof w);
    ta_result r = ta__mem_init(&w.mem, options != NULL ? options->allocator : NULL, err);
    if (r != TA_OK) return r;
    w.clip = clip;
    w.scene = scene;
    w.split = split;
    if ((r = make_times(&w, err)) != TA_OK || (r = setup(&w, err)) != TA_OK) {
        free_work(&w);
        return r;
    }
    const double shell_cm = options != NULL && options->shell_distance_cm > 0 ? options->shell_distance_cm : 3.0;
    const double error_cm = options != NULL && options->max_error_cm > 0 ? options->max_error_cm : 0.01;
    w.mpu = options != NULL && options->meters_per_unit > 0 ? options->meters_per_unit : w.rig.top_scale;
    w.smallest = options != NULL && options->smallest;
    w.shell = shell_cm / 100 / w.mpu;
    w.tolerance = error_cm / 100 / w.mpu;
    if ((r = sample_raw(&w, err)) != TA_OK || (r = make_levers(&w, err)) != TA_OK) {
        free_work(&w);
        return r;
    }
    w.snap = snap_times(&w);
    /* f down until the exact error passes, then up while it passes and saves bytes */
    unsigned char *best = NULL;
    size_t best_bytes = 0;
    double best_max = 0, best_p99 = 0, f = 1, best_f = 1;
    for (int round = 0; round < 24; ++round) {
        unsigned char *block = NULL;
        size_t bytes = 0;
        double max = 0;
        bool pass = false;
        choose_all(&w, f);
        if ((r = try_current(&w, &block, &bytes, &pass, &max, err)) != TA_OK) break;
        if (pass && (best == NULL || bytes < best_bytes)) {
            if (best != NULL) ta__free(&w.mem, best, best_bytes);
            best = block, best_bytes = bytes, best_max = max, best_f = f;
        } else {
            ta__free(&w.mem, block, bytes);
            if (pass || (best != NULL && !pass)) break; /* no saving, or past what passes */
        }
        f = pass ? f * 1.4 : f * 0.6;
        if (!pass && best == NULL && f < 1e-6) break;
    }
    /* Then track by track (grow), and kicked out of where that stops (kick). */
    size_t cur = best_bytes;
    if (r == TA_OK && best != NULL) {
        choose_all(&w, best_f);
        r = grow(&w, best_f, &cur, &best, &best_bytes, &best_max, err);
    }
    for (int k = 0; k < 2 && r == TA_OK && best != NULL; ++k) {
        bool on = false;
        if ((r = kick(&w, best_f, &cur, &best, &best_bytes, &best_max, &on, err)) != TA_OK || !on) break;
    }
    if (r == TA_OK && best != NULL) r = trade(&w, best_f, &best, &best_bytes, &best_max, err);
    if (r == TA_OK && best != NULL) { /* the figures of the one kept: its 99th percentile too */
        double mid = 0;
        r = measure(&w, best, &best_max, &best_p99, &mid, err);
    }
    if (r == TA_OK && best == NULL) {
        r = ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_clip_compress: clip \"%s\": no form within %g cm was found", clip->name, error_cm);
        *too_few = split > 1;
    }
    ta_compressed_clip *cc = NULL;
    if (r == TA_OK) {
        cc = ta__cc_clip_make(&w.mem, best, best_bytes);
        if (cc == NULL) r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory");
    }
    if (best != NULL) ta__free(&w.mem, best, best_bytes);
    if (r != TA_OK) {
        free_work(&w);
        return r;
    }
    if (out_stats != NULL) {
        out_stats->bytes = ta_compressed_clip_bytes(cc);
        out_stats->bones = w.bones;
        out_stats->samples = w.key_times;
        out_stats->bytes_per_bone_sample = (double)out_stats->bytes / ((double)w.bones * w.key_times);
        out_stats->max_error_cm = best_max * w.mpu * 100;
        out_stats->p99_error_cm = best_p99 * w.mpu * 100;
        out_stats->meters_per_unit = w.mpu;
    }
    free_work(&w);
    *out_clip = cc;
    return TA_OK;
}

ta_result ta_clip_compress(const ta_clip *clip, const ta_scene *scene, const ta_compress_options *options,
                           ta_compressed_clip **out_clip, ta_compress_stats *out_stats, ta_error *err)
{
    if (out_clip == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "ta_clip_compress: out_clip is NULL");
    *out_clip = NULL;
    ta__cc_window_sync(clip); /* a compressed clip's window: its keys as the mixer last read them */
    ta_result r = check(clip, scene, options, err);
    if (r != TA_OK) return r;
    bool curves = false;
    for (uint32_t i = 0; i < clip->track_count; ++i) curves = curves || curve(clip->tracks[i]);
    /* a curve (CUBIC_SPLINE) kept as lines between points on it: as few as hold, the error
     * measured against the curve at each point and halfway between two */
    bool too_few = false;
    for (uint32_t split = curves ? 4 : 1;; split *= 2) {
        r = compress(clip, scene, options, split, out_clip, out_stats, &too_few, err);
        if (r == TA_OK || !too_few || split >= 64) return r;
    }
}

void ta_compressed_clip_destroy(ta_compressed_clip *clip)
{
    if (clip == NULL) return;
    ta__mem mem = clip->mem;
    ta__free(&mem, clip, sizeof *clip + ta__cc_block_bytes(clip));
}

size_t ta_compressed_clip_bytes(const ta_compressed_clip *clip)
{
    return clip == NULL ? 0 : sizeof *clip + ta__cc_block_bytes(clip);
}

ta_duration ta_compressed_clip_duration(const ta_compressed_clip *clip)
{
    ta__cc_header h;
    if (clip == NULL) return ta_duration_from_seconds(0);
    ta__cc_read_header(ta__cc_block(clip), &h);
    return ta_duration_from_seconds(h.duration);
}
