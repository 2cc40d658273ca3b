/* Root motion: the root's displacement per update, and the pose kept in
 * place. See root_motion.h for the rules. */
#include <math.h>
#include <string.h>

#include "animation/interpolant.h"
#include "animation/mask_internal.h"
#include "core/elementary.h"
#include "animation/root_motion_internal.h"
#include "threeanim/root_motion.h"

ta_result ta__root_motion_check_window(const ta_action *a, uint32_t index, uint32_t node, bool yaw, ta_error *err)
{
    if (a->clip == NULL || a->clip->window == NULL) return TA_OK; /* (NULL: uncached, given back) */
    for (uint32_t i = 0; i < a->clip->track_count; ++i) {
        const ta_track_target t = a->clip->tracks[i]->target;
        if (t.family != TA_TARGET_FAMILY_NODE || t.index != node) continue;
        if (t.kind == TA_TRACK_KIND_POSITION || (yaw && t.kind == TA_TRACK_KIND_QUATERNION))
            return ta__fail(err, TA_ERROR_UNSUPPORTED,
                            "action %u: plays a compressed clip's window, which holds only the keys around the "
                            "action's time, and root motion reads node %u's %s at the clip's start and end: not "
                            "supported (root motion needs the clip it compressed)",
                            index, node, t.kind == TA_TRACK_KIND_POSITION ? "position" : "rotation");
    }
    return TA_OK;
}

ta_result ta_mixer_set_root_motion(ta_mixer *m, const ta_root_motion_options *o, ta_error *err)
{
    if (m == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "mixer: NULL");
    if (o != NULL && ta_node_is_none(o->root)) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options.root: is none");
    for (uint32_t i = 0; o != NULL && i < m->live_count; ++i) {
        ta_result r = ta__root_motion_check_window(m->actions[i], m->actions[i]->index, o->root.index, o->yaw, err);
        if (r != TA_OK) return r;
    }
    if (m->root_motion == NULL) {
        if (o == NULL) return TA_OK; /* off, and never on */
        m->root_motion = (struct ta__root_motion_state *)ta__calloc(&m->mem, 1, sizeof *m->root_motion);
        if (m->root_motion == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory setting root motion");
    }
    struct ta__root_motion_state *rm = m->root_motion;
    rm->on = o != NULL;
    rm->node = o != NULL ? o->root.index : 0;
    rm->keep_vertical = o != NULL && o->keep_vertical;
    rm->yaw = o != NULL && o->yaw;
    if (++rm->version == 0) rm->version = 1; /* 0: never seen (an action's root_version, fused_key) */
    ta__root_motion_begin(m);
    return TA_OK;
}

void ta__root_motion_begin(ta_mixer *m)
{
    struct ta__root_motion_state *rm = m->root_motion;
    if (rm == NULL) return;
    memset(rm->sum, 0, sizeof rm->sum);
    memset(rm->add, 0, sizeof rm->add);
    rm->weight = 0;
    rm->yaw_sum = 0;
    rm->yaw_add = 0;
}

void ta_mixer_root_motion(const ta_mixer *m, ta_root_motion *out)
{
    const struct ta__root_motion_state *rm = m->root_motion;
    if (rm == NULL) {
        memset(out, 0, sizeof *out);
        return;
    }
    double scale = rm->weight > 1 ? 1 / rm->weight : 1;
    out->translation.x = (float)(rm->sum[0] * scale + rm->add[0]);
    out->translation.y = (float)(rm->sum[1] * scale + rm->add[1]);
    out->translation.z = (float)(rm->sum[2] * scale + rm->add[2]);
    out->yaw = (float)(rm->yaw_sum * scale + rm->yaw_add);
}

bool ta__root_drives(const ta_mixer *m, ta_action *a)
{
    if (!ta__root_motion_on(m) || a->has_group) return false;
    if (a->root_version != m->root_motion->version) {
        a->root_track = TA_NONE;
        a->root_rot_track = TA_NONE;
        for (uint32_t i = 0; i < a->clip->track_count; ++i) {
            ta_track_target t = a->clip->tracks[i]->target;
            if (t.family != TA_TARGET_FAMILY_NODE || t.index != m->root_motion->node) continue;
            if (t.kind == TA_TRACK_KIND_POSITION && a->root_track == TA_NONE) a->root_track = i;
            if (t.kind == TA_TRACK_KIND_QUATERNION && m->root_motion->yaw && a->root_rot_track == TA_NONE) a->root_rot_track = i;
        }
        a->root_version = m->root_motion->version;
    }
    return a->root_track != TA_NONE || a->root_rot_track != TA_NONE;
}

/* P(t): the track read at t with no cursor kept (a binary search). */
static void sample_at(const ta_action *a, const ta_track *tr, double t, double *out)
{
    uint32_t cursor = 0;
    uint32_t i1 = ta__seek(tr->times, tr->key_count, &cursor, t);
    ta__track_evaluate(tr, i1, t, a->step->next.clock.ending_start, a->step->next.clock.ending_end, out);
}

/* The turn about +y of rotation q. */
static double yaw_of(const double q[4])
{
    return 2 * ta__atan2(q[1], q[3]);
}

/* An angle difference as the shorter turn, in (-pi, pi]. */
static double shorter(double d)
{
    d = fmod(d, 2 * TA_PI);
    if (d > TA_PI) d -= 2 * TA_PI;
    if (d <= -TA_PI) d += 2 * TA_PI;
    return d;
}

void ta__root_in_place(const ta_mixer *m, const ta_action *a, uint32_t track, double *value)
{
    if (track == a->root_track) {
        double start[3];
        sample_at(a, a->clip->tracks[track], 0.0, start);
        value[0] = start[0];
        if (!m->root_motion->keep_vertical) value[1] = start[1];
        value[2] = start[2];
    } else if (track == a->root_rot_track) {
        /* T(0) T(t)^-1 q(t): the turn since the start taken out */
        double start[4];
        sample_at(a, a->clip->tracks[track], 0.0, start);
        double turn = yaw_of(start) - yaw_of(value);
        double r[4] = {0, ta__sin(turn / 2), 0, ta__cos(turn / 2)}, out[4];
        ta_quat_multiply_flat(out, r, value);
        for (int i = 0; i < 4; ++i) value[i] = out[i];
    }
}

/* The action's turn over the move: Y(b) - Y(a) (+ n (Y(D) - Y(0)) for REPEAT). */
static double yaw_delta(const ta_action *a, const ta__clock_params *params, const ta__clock_state *before,
                        const ta__span *s)
{
    const ta_track *tr = a->clip->tracks[a->root_rot_track];
    double q0[4], q1[4];
    sample_at(a, tr, ta__clock_read_time(params, before), q0);
    sample_at(a, tr, a->step->move.read_time, q1);
    double d = shorter(yaw_of(q1) - yaw_of(q0));
    if (params->loop == TA_LOOP_MODE_REPEAT && s->to.k != 0) {
        sample_at(a, tr, 0.0, q0);
        sample_at(a, tr, params->duration, q1);
        d += (double)s->to.k * shorter(yaw_of(q1) - yaw_of(q0));
    }
    return d;
}

void ta__root_motion_add(ta_mixer *m, ta_action *a, const ta__clock_state *before, const ta__span *s)
{
    if (!ta__root_drives(m, a)) return;
    /* An action that stands (paused, finished and clamped, waiting for its
     * start) moves nothing, yet holds its share of the pose, and so of the
     * weight that divides the others' motion. */
    const bool moved = s->dir != 0;
    ta__clock_params params = ta__action_clock_params(a);
    struct ta__root_motion_state *rm = m->root_motion;
    const bool additive = a->blend_mode == TA_BLEND_MODE_ADDITIVE;
    if (a->root_rot_track != TA_NONE && moved) {
        double e = a->step->next.effective_weight;
        if (a->mask != NULL) e *= ta__mask_lookup(a->mask, a->clip->tracks[a->root_rot_track]->target);
        if (e > 0) {
            double d = yaw_delta(a, &params, before, s);
            if (additive)
                rm->yaw_add += e * d;
            else
                rm->yaw_sum += e * d;
        }
    }
    uint32_t track = a->root_track;
    if (track == TA_NONE) return;
    double e = a->step->next.effective_weight;
    if (a->mask != NULL) e *= ta__mask_lookup(a->mask, a->clip->tracks[track]->target);
    if (!(e > 0)) return;
    if (!moved) {
        if (!additive) rm->weight += e;
        return;
    }
    const ta_track *tr = a->clip->tracks[track];
    double p0[3], p1[3], delta[3];
    sample_at(a, tr, ta__clock_read_time(&params, before), p0);
    sample_at(a, tr, a->step->move.read_time, p1);
    for (int i = 0; i < 3; ++i) delta[i] = p1[i] - p0[i];
    if (params.loop == TA_LOOP_MODE_REPEAT && s->to.k != 0) {
        double start[3], end[3];
        sample_at(a, tr, 0.0, start);
        sample_at(a, tr, params.duration, end);
        for (int i = 0; i < 3; ++i) delta[i] += (double)s->to.k * (end[i] - start[i]);
    }
    if (m->root_motion->keep_vertical) delta[1] = 0;
    if (additive) {
        for (int i = 0; i < 3; ++i) rm->add[i] += e * delta[i];
    } else {
        for (int i = 0; i < 3; ++i) rm->sum[i] += e * delta[i];
        rm->weight += e;
    }
}
