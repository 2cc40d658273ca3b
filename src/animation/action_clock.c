/* An action's clock: float32 phase, exact loop accounting (action_clock.h);
 * and, at the end, an action's clock parameters, weight and time scale at a
 * mixer time (action_internal.h): the update's clock stage, which the stages
 * above it (the update, events, root motion) read. */
#include <float.h>
#include <math.h>

#include "animation/action_clock.h"
#include "animation/action_internal.h"

typedef unsigned __int128 u128;
typedef __int128 i128;

/* value = m * 2^e */
typedef struct scaled {
    u128 m;
    int e;
} scaled;

static void split_float(float x, u128 *m, int *e)
{
    int k;
    float f = frexpf(x, &k); /* x = f * 2^k, f in [0.5, 1) */
    *m = (u128)(uint32_t)ldexpf(f, 24);
    *e = k - 24;
}

static void split_double(double x, u128 *m, int *e)
{
    int k;
    double f = frexp(x, &k);
    *m = (u128)(uint64_t)ldexp(f, 53);
    *e = k - 53;
}

/* The float32 nearest to m * 2^e (round half to even), or an infinity. */
static float scaled_to_float(scaled s)
{
    if (s.m == 0) return 0.0f;
    /* Bring m under 2^64 first, keeping a sticky bit so the rounding of the
     * conversion below stays correct. */
    int e = s.e;
    u128 m = s.m;
    while (m >> 64) {
        u128 lost = m & 1;
        m >>= 1;
        m |= lost;
        e++;
    }
    uint64_t m64 = (uint64_t)m;
    /* Round to 24 bits by hand: the conversion of a 64-bit integer to float
     * is correctly rounded, but make the sticky bit explicit for clarity. */
    float f = (float)m64;
    double r = ldexp((double)f, e);
    if (r > FLT_MAX) return INFINITY;
    return (float)r; /* exact unless subnormal */
}

/* The largest float32 strictly below bound (bound > 0). */
static float float_below(double bound)
{
    float f = (float)bound;
    while ((double)f >= bound) f = nextafterf(f, -INFINITY);
    return f;
}

/* The float32 nearest to v + sgn * tiny, for a tiny far below v's last bit. */
static float round_near_shifted(double v, int sgn)
{
    float f = (float)v;
    if ((double)f == v) return f;
    float lo = (double)f < v ? f : nextafterf(f, -INFINITY);
    float hi = nextafterf(lo, INFINITY);
    double mid = ((double)lo + (double)hi) / 2; /* exact: 25 bits */
    if (v == mid) return sgn < 0 ? lo : hi;
    return f;
}

/* |x| = q * m + r exactly, 0 <= r < m. huge when q >= 2^100 (r not given). */
static void divmod_abs(float ax, double m, u128 *q, bool *huge, scaled *r, bool *far_below)
{
    u128 mx, mm;
    int ex, em;
    split_float(ax, &mx, &ex);
    split_double(m, &mm, &em);
    *huge = false;
    *far_below = false;
    int e = ex - em;
    if (e >= 0) {
        if (e > 100) {
            *huge = true;
            *q = 0;
            r->m = 0;
            r->e = 0;
            return;
        }
        u128 n = mx << e;
        *q = n / mm;
        r->m = n % mm;
        r->e = em;
    } else {
        int k = -e;
        *q = 0;
        r->m = mx;
        r->e = ex;
        if (k >= 64) *far_below = true; /* |x| is below m by more than 2^60 */
        else if (mx >= (mm << k)) {     /* only with a subnormal m */
            *q = mx / (mm << k);
            r->m = mx % (mm << k);
        }
    }
}

/* a + sgn_b * b exactly, where b = m * 2^eb has eb >= a.e and the gap fits. */
static bool scaled_add_double(scaled a, double b, int sgn_b, scaled *out)
{
    if (b == 0) {
        *out = a;
        return true;
    }
    u128 mb;
    int eb;
    split_double(b, &mb, &eb);
    if (a.m == 0) a.e = eb;
    if (eb < a.e) {
        /* align a down to b's exponent (a.e > eb only when a is 0, handled) */
        int sh = a.e - eb;
        if (sh >= 60) return false;
        a.m <<= sh;
        a.e = eb;
    }
    int sh = eb - a.e;
    if (sh >= 64) return false;
    u128 bm = mb << sh;
    if (sgn_b > 0) {
        out->m = a.m + bm;
    } else {
        if (bm < a.m) return false;
        out->m = bm - a.m; /* b - a */
    }
    out->e = a.e;
    return true;
}

bool ta__clock_divmod(float x, double m, __int128 *out_quotient, bool *out_huge, float *out_residual,
                      bool *out_residual_overflow)
{
    u128 q;
    bool huge, far_below;
    scaled r;
    *out_residual_overflow = false;
    divmod_abs(fabsf(x), m, &q, &huge, &r, &far_below);
    *out_huge = huge;
    if (huge) {
        *out_quotient = 0;
        *out_residual = 0;
        return false;
    }
    float res;
    if (x >= 0 || r.m == 0) {
        *out_quotient = x >= 0 ? (i128)q : -(i128)q;
        res = r.m == 0 ? 0.0f : scaled_to_float(r);
    } else {
        *out_quotient = -(i128)q - 1;
        scaled d;
        if (far_below) {
            res = round_near_shifted(m, -1);
        } else if (scaled_add_double(r, m, -1, &d)) {
            res = scaled_to_float(d);
        } else {
            res = round_near_shifted(m, -1);
        }
    }
    if (isinf(res)) {
        *out_residual_overflow = true;
        res = 0;
    } else if ((double)res >= m) {
        res = float_below(m); /* rounded up to the boundary */
    }
    if (res == 0) res = 0.0f; /* +0 */
    *out_residual = res;
    return true;
}

/* ---- endings ------------------------------------------------------------------------ */

static void set_endings(ta__clock_state *s, const ta__clock_params *p, bool at_start, bool at_end, bool ping_pong)
{
    if (ping_pong) {
        s->ending_start = TA_ENDING_ZERO_SLOPE;
        s->ending_end = TA_ENDING_ZERO_SLOPE;
        return;
    }
    if (at_start)
        s->ending_start = p->zero_slope_at_start ? TA_ENDING_ZERO_SLOPE : TA_ENDING_ZERO_CURVATURE;
    else
        s->ending_start = TA_ENDING_WRAP_AROUND;
    if (at_end)
        s->ending_end = p->zero_slope_at_end ? TA_ENDING_ZERO_SLOPE : TA_ENDING_ZERO_CURVATURE;
    else
        s->ending_end = TA_ENDING_WRAP_AROUND;
}

double ta__clock_read_time(const ta__clock_params *p, const ta__clock_state *s)
{
    double ph = s->phase;
    if (p->loop == TA_LOOP_MODE_PING_PONG && ph >= p->duration) return 2.0 * p->duration - ph;
    return ph;
}

static int parity(i128 v)
{
    return (int)(((v % 2) + 2) % 2);
}

/* The float32 phase for leg `leg` (0 or 1) at residual r (exact r < D), kept below the leg's end. */
static ta_result leg_phase(double d, int leg, float r, ta_error *err, float *out)
{
    if (leg == 0) {
        *out = r;
        return TA_OK;
    }
    /* r + D, rounded once from the exact value */
    scaled rs;
    if (r == 0) {
        rs.m = 0;
        rs.e = 0;
    } else {
        split_float(r, &rs.m, &rs.e);
    }
    scaled sum;
    float f;
    if (scaled_add_double(rs, d, 1, &sum))
        f = scaled_to_float(sum);
    else
        f = round_near_shifted(d, 1);
    if (isinf(f))
        return ta__fail(err, TA_ERROR_CLOCK_RANGE, "phase: %.17g past the clip's length does not fit a float32",
                        (double)r + d);
    if ((double)f >= 2.0 * d) f = float_below(2.0 * d);
    *out = f;
    return TA_OK;
}

/* A step ends here: the direction taken, the read time from the new phase,
 * and the state and the move handed out together. */
/* The state stored a field at a time: a copy of the whole struct read it back
 * in 8-byte words just after the one-byte stores to it, which the store
 * buffer cannot forward (perf put half this function's time on that load). */
static void store_state(ta__clock_state *st, const ta__clock_state *s)
{
    st->loop_count = s->loop_count;
    st->phase = s->phase;
    st->ending_start = s->ending_start;
    st->ending_end = s->ending_end;
    st->direction = s->direction;
    st->started = s->started;
    st->enabled = s->enabled;
    st->paused = s->paused;
}

static ta_result commit(const ta__clock_params *p, ta__clock_state *s, int dir, ta__clock_move *mv,
                        ta__clock_state *st, ta__clock_move *out)
{
    s->direction = (int8_t)dir;
    mv->read_time = ta__clock_read_time(p, s);
    store_state(st, s);
    *out = *mv;
    return TA_OK;
}

ta_result ta__clock_advance(const ta__clock_params *p, ta__clock_state *st, double step, ta__clock_move *out,
                            ta_error *err)
{
    ta__clock_state s = *st;
    ta__clock_move mv = {TA__CLOCK_NO_EVENT, 0, 0, 0.0};
    const double d = p->duration;

    if (!isfinite(step))
        return ta__fail(err, TA_ERROR_CLOCK_RANGE, "step: the scaled time step %g is not finite", step);
    float s32 = (float)step;
    if (!isfinite(s32))
        return ta__fail(err, TA_ERROR_CLOCK_RANGE, "step: the scaled time step %g does not fit a float32", step);
    if (s32 == 0.0f) {
        mv.read_time = ta__clock_read_time(p, &s);
        *out = mv;
        return TA_OK;
    }
    const int dir = s32 > 0 ? 1 : -1;
    const float sum = (float)((double)s.phase + (double)s32);
    if (!isfinite(sum))
        return ta__fail(err, TA_ERROR_CLOCK_RANGE, "phase: %g plus the step %g does not fit a float32",
                        (double)s.phase, (double)s32);

    if (p->loop == TA_LOOP_MODE_ONCE) {
        if (s.loop_count == -1) {
            s.loop_count = 0;
            set_endings(&s, p, true, true, false);
        }
        s.started = true;
        if ((double)sum >= d || sum < 0) {
            s.phase = sum < 0 ? 0.0f : (float)d;
            if (p->clamp_when_finished)
                s.paused = true;
            else
                s.enabled = false;
            mv.event = TA__CLOCK_FINISHED;
            mv.direction = dir;
        } else {
            s.phase = sum;
        }
        return commit(p, &s, dir, &mv, st, out);
    }

    const bool pp = p->loop == TA_LOOP_MODE_PING_PONG;
    const bool finite = p->repetitions != TA_ACTION_ENDLESS;
    const int64_t stored_count = s.loop_count;
    const bool stored_started = s.started;
    bool shift = false;
    if (s.loop_count == -1) {
        if (dir > 0) {
            s.loop_count = 0;
            set_endings(&s, p, true, p->repetitions == 0, pp);
        } else {
            set_endings(&s, p, p->repetitions == 0, true, pp);
            /* three.js counts a new action's loops from -1, which its PING_PONG
             * reads as an odd leg: the first reverse wrap lands on leg 0. */
            if (pp && !s.started) shift = true;
        }
    }
    s.started = true;
    if (d == 0) {
        /* A pose clip (of no length) holds time 0: no wrap to count, no loop to send. */
        s.phase = 0.0f;
        s.direction = (int8_t)dir;
        mv.read_time = 0.0;
        store_state(st, &s);
        *out = mv;
        return TA_OK;
    }

    i128 n_sum = 0, n_start = 0;
    bool huge_sum = false, huge_start = false, over_sum = false, over_start = false;
    float r_sum = 0, r_start = 0;
    /* Within the first length the whole count is 0 and the residual the
     * number itself: the exact arithmetic is for the steps that cross (most
     * updates of a playing action do not). */
    if (sum >= 0 && (double)sum < d)
        r_sum = sum == 0 ? 0.0f : sum;
    else
        ta__clock_divmod(sum, d, &n_sum, &huge_sum, &r_sum, &over_sum);
    if (pp && s.phase >= 0 && (double)s.phase < d) {
        r_start = s.phase == 0 ? 0.0f : s.phase;
    } else if (pp) {
        ta__clock_divmod(s.phase, d, &n_start, &huge_start, &r_start, &over_start);
        if (huge_start || n_start > INT64_MAX || n_start < -INT64_MAX)
            return ta__fail(err, TA_ERROR_CLOCK_RANGE,
                            "phase: the starting phase %g is past %s whole lengths of the clip (%g s)",
                            (double)s.phase, "int64", d);
    }
    i128 c = n_sum - n_start;

    if (!huge_sum && c == 0) {
        if (shift) {
            ta_result r = leg_phase(d, 1, sum, err, &s.phase);
            if (r != TA_OK) return r;
        } else {
            s.phase = sum;
        }
        return commit(p, &s, dir, &mv, st, out);
    }

    /* A crossing. */
    u128 abs_c = huge_sum ? 0 : (c < 0 ? (u128)(-c) : (u128)c);
    int64_t count = s.loop_count; /* 0 for a new forward action, else as stored */
    bool finish = false;
    if (finite) {
        if (huge_sum)
            finish = true;
        else
            finish = (i128)count + (i128)abs_c >= (i128)p->repetitions;
    }

    if (finish) {
        if (p->clamp_when_finished)
            s.paused = true;
        else
            s.enabled = false;
        if (!pp) {
            s.phase = dir > 0 ? (float)d : 0.0f;
        } else {
            /* The end of the last permitted leg, as exact short steps reach it. */
            i128 j = (i128)p->repetitions - (i128)count;
            if (j < 1) j = 1;
            i128 leg_start = n_start + (shift ? 1 : 0);
            if (shift && j == 1) {
                s.phase = 0.0f; /* the initial boundary */
            } else if (dir > 0) {
                i128 b = leg_start + j;       /* the boundary reached */
                s.phase = parity(b - 1) == 0 ? (float)d : 0.0f;
            } else {
                i128 b = leg_start - j + 1;   /* the boundary reached, going down */
                s.phase = parity(b) == 0 ? 0.0f : (float)d;
            }
        }
        /* three.js stores neither the count nor the start of a finishing move. */
        s.loop_count = stored_count;
        s.started = stored_started;
        mv.event = TA__CLOCK_FINISHED;
        mv.direction = dir;
        mv.loop_delta = 0;
        return commit(p, &s, dir, &mv, st, out);
    }

    if (huge_sum || abs_c > (u128)INT64_MAX)
        return ta__fail(err, TA_ERROR_CLOCK_RANGE,
                        "step: a move of %g s crosses more than %lld ends of the %g s clip", (double)s32,
                        (long long)INT64_MAX, d);
    if ((i128)count + (i128)abs_c > (i128)INT64_MAX)
        return ta__fail(err, TA_ERROR_CLOCK_RANGE, "loop count: %lld plus %llu crossings passes %lld",
                        (long long)count, (unsigned long long)abs_c, (long long)INT64_MAX);
    if (over_sum)
        return ta__fail(err, TA_ERROR_CLOCK_RANGE, "phase: the residual of %g over %g s does not fit a float32",
                        (double)sum, d);
    int64_t new_count = (int64_t)((i128)count + (i128)abs_c);
    if (!pp) {
        s.phase = r_sum;
    } else {
        int leg = parity(n_sum + (shift ? 1 : 0));
        ta_result r = leg_phase(d, leg, r_sum, err, &s.phase);
        if (r != TA_OK) return r;
    }
    if (finite && (i128)p->repetitions - (i128)new_count == 1) {
        bool at_start = dir < 0;
        set_endings(&s, p, at_start, !at_start, pp);
    } else {
        set_endings(&s, p, false, false, pp);
    }
    s.loop_count = new_count;
    mv.event = TA__CLOCK_LOOPED;
    mv.loop_delta = (int64_t)c;
    mv.direction = dir;
    return commit(p, &s, dir, &mv, st, out);
}

/* ---- an action's clock at a mixer time (the update's first stage) ------------------------- */

void ta__action_run_reset(ta__action_run *run)
{
    run->clock.phase = 0.0f;
    run->clock.loop_count = -1;
    run->clock.started = false;
    run->clock.paused = false;
    run->clock.direction = 0;
    run->has_start_time = false;
    run->start_time = 0;
    run->fade.on = false;
    run->warp.on = false;
    run->has_restore_time_scale = false;
    run->period = 0;
}

ta__clock_params ta__action_clock_params(const ta_action *a)
{
    ta__clock_params p;
    p.loop = a->loop;
    p.repetitions = a->repetitions;
    p.duration = ta__action_duration(a);
    p.clamp_when_finished = a->clamp_when_finished;
    p.zero_slope_at_start = a->zero_slope_at_start;
    p.zero_slope_at_end = a->zero_slope_at_end;
    return p;
}

float ta__ramp_value(const ta__ramp *ramp, double time)
{
    /* LinearInterpolant over two keys: the first value before the first time,
     * the last at or after the last, a float32 result between. */
    if (!(time >= ramp->t0)) return ramp->v0;
    if (time >= ramp->t1) return ramp->v1;
    double w1 = (time - ramp->t0) / (ramp->t1 - ramp->t0);
    double w0 = 1 - w1;
    return (float)((double)ramp->v0 * w0 + (double)ramp->v1 * w1);
}

double ta__action_weight_at(const ta_action *a, ta__action_run *run, double time)
{
    double weight = 0;
    if (run->clock.enabled) {
        weight = a->weight;
        if (run->fade.on) {
            float v = ta__ramp_value(&run->fade, time);
            weight *= v;
            if (time > run->fade.t1) {
                run->fade.on = false;
                if (v == 0) run->clock.enabled = false; /* faded out */
            }
        }
    }
    run->effective_weight = weight;
    return weight;
}

double ta__action_time_scale_at(const ta_action *a, ta__action_run *run, double time)
{
    (void)a;
    double ts = 0;
    if (!run->clock.paused) {
        ts = run->time_scale;
        if (run->warp.on) {
            float v = ta__ramp_value(&run->warp, time);
            ts *= v;
            if (time > run->warp.t1) {
                if (ts == 0) {
                    run->clock.paused = true; /* halted */
                } else {
                    if (run->has_restore_time_scale) ts = run->restore_time_scale;
                    run->time_scale = ts;
                }
                run->warp.on = false;
                run->has_restore_time_scale = false;
            }
        }
    }
    run->effective_time_scale = ts;
    return ts;
}
