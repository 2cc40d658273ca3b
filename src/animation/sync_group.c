/* Sync groups: followers driven to the leader's phase, by sync markers or by
 * normalised time. See sync_group.h.
 *
 * A member's phase over its unwrapped time u (the clip laid end to end) counts
 * sync markers passed: loop c, marker k, and the fraction f of the way to
 * marker k + 1 give c * n + k + f. It is piecewise linear and increasing, so
 * it has an inverse, and a follower's move for an update is the inverse of the
 * phase the leader reaches, taken near the follower's own phase. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "core/internal.h"
#include "threeanim/animation_clip.h"
#include "threeanim/animation_markers.h"
#include "threeanim/sync_group.h"

typedef struct member {
    ta_action *action;
    float own_scale;   /* the time scale it plays at when it leads */
    double duration;
    /* The sync marker times folded into [0, duration), increasing, and one
     * more: the first of the next loop. By normalised time, {0, duration}. */
    double at[TA_SYNC_GROUP_MAX_MARKERS + 1];
} member;

struct ta_sync_group {
    ta__mem mem;
    ta_sync_mode mode;
    char *marker_name; /* NULL: every marker */
    uint32_t count;
    uint32_t markers;  /* sync markers per member (1 by normalised time); 0 while empty */
    int32_t leader;
    member members[TA_SYNC_GROUP_MAX_ACTIONS];
};

/* ---- the phase ---------------------------------------------------------------------- */

static double phase_of(const member *m, uint32_t n, double u)
{
    double s = u - m->at[0];
    double c = floor(s / m->duration);
    double r = s - c * m->duration + m->at[0];
    if (r >= m->at[n]) r -= m->duration, c += 1.0; /* rounding at a loop's end */
    if (r < m->at[0]) r = m->at[0];
    uint32_t k = 0;
    while (k + 1 < n && m->at[k + 1] <= r) ++k;
    return c * n + k + (r - m->at[k]) / (m->at[k + 1] - m->at[k]);
}

static double time_of(const member *m, uint32_t n, double phase)
{
    double c = floor(phase / n);
    double rest = phase - c * n;
    uint32_t k = (uint32_t)fmin(floor(rest), (double)(n - 1));
    double f = rest - k;
    return c * m->duration + m->at[k] + f * (m->at[k + 1] - m->at[k]);
}

/* The member's sync markers: how many, and their folded times in m->at.
 * Fails (without touching the group) on none or too many. */
static ta_result read_markers(const ta_sync_group *g, const ta_clip *clip, member *m, uint32_t *out_n, ta_error *err)
{
    if (g->mode == TA_SYNC_MODE_NORMALIZED_TIME) {
        m->at[0] = 0.0, m->at[1] = m->duration;
        *out_n = 1;
        return TA_OK;
    }
    uint32_t n = 0;
    for (uint32_t i = 0; i < ta_clip_marker_count(clip); ++i) {
        ta_clip_marker mk = ta_clip_marker_at(clip, i);
        if (g->marker_name != NULL && strcmp(mk.name, g->marker_name) != 0) continue;
        double t = mk.time.seconds >= m->duration ? 0.0 : mk.time.seconds; /* the end is the start */
        /* Sorted by time already: a folded end marker goes first, once. */
        bool seen = false;
        for (uint32_t j = 0; j < n; ++j) seen = seen || m->at[j] == t;
        if (seen) continue;
        if (n == TA_SYNC_GROUP_MAX_MARKERS)
            return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "action: its clip has more than %u sync markers",
                            TA_SYNC_GROUP_MAX_MARKERS);
        uint32_t j = n++;
        while (j > 0 && m->at[j - 1] > t) m->at[j] = m->at[j - 1], --j;
        m->at[j] = t;
    }
    if (n == 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: its clip has no marker named \"%s\"",
                        g->marker_name != NULL ? g->marker_name : "(any)");
    m->at[n] = m->at[0] + m->duration;
    *out_n = n;
    return TA_OK;
}

/* ---- the group ---------------------------------------------------------------------- */

ta_result ta_sync_group_create(const ta_sync_group_desc *desc, const ta_allocator *alloc, ta_sync_group **out,
                               ta_error *err)
{
    if (desc == NULL || out == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: NULL", desc == NULL ? "desc" : "out");
    if (desc->mode != TA_SYNC_MODE_MARKERS && desc->mode != TA_SYNC_MODE_NORMALIZED_TIME)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "desc.mode: %d is not a ta_sync_mode", (int)desc->mode);
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, alloc, err);
    if (r != TA_OK) return r;
    ta_sync_group *g = (ta_sync_group *)ta__calloc(&mem, 1, sizeof *g);
    char *name = NULL;
    if (g != NULL && desc->mode == TA_SYNC_MODE_MARKERS && desc->marker_name != NULL)
        name = ta__strdup(&mem, desc->marker_name);
    if (g == NULL || (desc->mode == TA_SYNC_MODE_MARKERS && desc->marker_name != NULL && name == NULL)) {
        ta__free(&mem, g, sizeof *g);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a sync group");
    }
    g->mem = mem;
    g->mode = desc->mode;
    g->marker_name = name;
    g->leader = -1;
    *out = g;
    return TA_OK;
}

void ta_sync_group_destroy(ta_sync_group *group)
{
    if (group == NULL) return;
    ta__mem mem = group->mem;
    if (group->marker_name != NULL) ta__free_str(&mem, group->marker_name);
    ta__free(&mem, group, sizeof *group);
}

static int32_t find(const ta_sync_group *g, const ta_action *action)
{
    for (uint32_t i = 0; i < g->count; ++i)
        if (g->members[i].action == action) return (int32_t)i;
    return -1;
}

ta_result ta_sync_group_add(ta_sync_group *group, ta_action *action, ta_error *err)
{
    if (group == NULL || action == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: NULL", group == NULL ? "group" : "action");
    if (find(group, action) >= 0)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: already member %d of the group", find(group, action));
    if (group->count == TA_SYNC_GROUP_MAX_ACTIONS)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "group: full, %u actions (TA_SYNC_GROUP_MAX_ACTIONS)",
                        TA_SYNC_GROUP_MAX_ACTIONS);
    const ta_clip *clip = ta_action_clip(action);
    if (clip == NULL) return ta__fail(err, TA_ERROR_NO_SUCH_ACTION, "action: was uncached from its mixer");
    double duration = ta_clip_duration(clip).seconds;
    if (!(duration > 0.0))
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "action: its clip's duration is %g; a sync group needs one above 0",
                        duration);
    member m;
    m.action = action;
    m.own_scale = ta_action_time_scale(action);
    m.duration = duration;
    uint32_t n = 0;
    ta_result r = read_markers(group, clip, &m, &n, err);
    if (r != TA_OK) return r;
    if (group->count > 0 && n != group->markers)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT,
                        "action: its clip has %u sync markers, the group's members %u (marker k of each is one event)",
                        n, group->markers);
    group->members[group->count++] = m;
    group->markers = n;
    return TA_OK;
}

ta_result ta_sync_group_remove(ta_sync_group *group, ta_action *action, ta_error *err)
{
    if (group == NULL || action == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: NULL", group == NULL ? "group" : "action");
    int32_t i = find(group, action);
    if (i < 0) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: not a member of the group");
    /* Its own scale was finite when it was read, so this cannot be refused. */
    ta_result r = ta_action_set_effective_time_scale(action, group->members[i].own_scale, err);
    if (r != TA_OK) return r;
    memmove(group->members + i, group->members + i + 1, sizeof(member) * (group->count - (uint32_t)i - 1));
    --group->count;
    if (group->count == 0) group->markers = 0;
    if (group->leader == i) group->leader = -1;
    else if (group->leader > i) --group->leader;
    return TA_OK;
}

ta_result ta_sync_group_set_time_scale(ta_sync_group *group, ta_action *action, float time_scale, ta_error *err)
{
    if (group == NULL || action == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: NULL", group == NULL ? "group" : "action");
    int32_t i = find(group, action);
    if (i < 0) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "action: not a member of the group");
    if (!isfinite(time_scale)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "time_scale: %g", (double)time_scale);
    if (i == group->leader) {
        ta_result r = ta_action_set_effective_time_scale(action, time_scale, err);
        if (r != TA_OK) return r;
    }
    group->members[i].own_scale = time_scale;
    return TA_OK;
}

ta_result ta_sync_group_prepare(ta_sync_group *group, const ta_mixer *mixer, ta_duration delta, ta_error *err)
{
    if (group == NULL || mixer == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: NULL", group == NULL ? "group" : "mixer");
    if (!isfinite(delta.seconds)) return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "delta: %g", delta.seconds);
    if (group->count == 0) return TA_OK;
    uint32_t n = group->markers;
    uint32_t lead = 0;
    for (uint32_t i = 1; i < group->count; ++i)
        if (ta_action_effective_weight(group->members[i].action) > ta_action_effective_weight(group->members[lead].action))
            lead = i;
    const member *lm = &group->members[lead];
    /* A new leader plays at its own time scale from this update on. */
    bool new_leader = group->leader != (int32_t)lead;
    double lead_scale = new_leader ? lm->own_scale : ta_action_effective_time_scale(lm->action);
    if (ta_action_paused(lm->action) || !ta_action_is_active(lm->action)) lead_scale = 0.0;
    double step = delta.seconds * ta_mixer_time_scale(mixer);
    double lead_time = ta_action_time(lm->action).seconds;
    double lead_from = phase_of(lm, n, lead_time), lead_to = phase_of(lm, n, lead_time + step * lead_scale);

    /* Every follower's new scale (or time) first: all of them fit, or nothing changes. */
    double value[TA_SYNC_GROUP_MAX_ACTIONS];
    for (uint32_t i = 0; i < group->count; ++i) {
        if (i == lead) continue;
        const member *m = &group->members[i];
        double t = ta_action_time(m->action).seconds;
        double own = phase_of(m, n, t);
        double gap = lead_from - own;
        gap -= n * floor(gap / n + 0.5); /* the nearest place of the leader's phase */
        double to = time_of(m, n, own + (lead_to - lead_from) + gap);
        value[i] = step != 0.0 ? (to - t) / step : fmod(to, m->duration) + (to < 0.0 ? m->duration : 0.0);
        if (!(fabs(value[i]) <= FLT_MAX))
            return ta__fail(err, TA_ERROR_OUT_OF_RANGE,
                            "delta: %g s gives member %u a %s of %g, past a float", delta.seconds, i,
                            step != 0.0 ? "time scale" : "time", value[i]);
    }
    for (uint32_t i = 0; i < group->count; ++i) {
        ta_result r = TA_OK;
        if (i == lead) {
            if (new_leader) r = ta_action_set_effective_time_scale(lm->action, lm->own_scale, err);
        } else if (step != 0.0) {
            r = ta_action_set_effective_time_scale(group->members[i].action, (float)value[i], err);
        } else {
            r = ta_action_set_time(group->members[i].action, ta_duration_from_seconds(value[i]), err);
        }
        if (r != TA_OK) return r; /* checked above: not reached */
    }
    group->leader = (int32_t)lead;
    return TA_OK;
}

uint32_t ta_sync_group_count(const ta_sync_group *group) { return group == NULL ? 0 : group->count; }

ta_action *ta_sync_group_action(const ta_sync_group *group, uint32_t index)
{
    return group == NULL || index >= group->count ? NULL : group->members[index].action;
}

int32_t ta_sync_group_leader(const ta_sync_group *group) { return group == NULL ? -1 : group->leader; }

double ta_sync_group_phase(const ta_sync_group *group, uint32_t index)
{
    if (group == NULL || index >= group->count) return NAN;
    const member *m = &group->members[index];
    double p = phase_of(m, group->markers, ta_action_time(m->action).seconds);
    return p - group->markers * floor(p / group->markers);
}
