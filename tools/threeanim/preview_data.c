/* Baking what the preview page shows (preview.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "preview.h"

typedef struct collect {
    preview_entry *entry;
    uint32_t node_count;
    uint32_t root;     /* the root motion's node (a bake_plan's root) */
    bool oom;
    const preview_skin *skin;
} collect;

/* The root's path: its place at the first frame plus the motion summed so far;
 * and the markers the frame's update passed. */
static bool visit_extras(collect *c, const ta_model *model, const bake_frame *f)
{
    preview_entry *e = c->entry;
    if (e->root_path != NULL) {
        float *p = &e->root_path[(size_t)f->index * 3];
        ta_root_motion rm;
        ta_mixer_root_motion(f->mixer, &rm);
        if (f->index == 0) {
            ta_mat4 m = ta_scene_world_matrix(model->scene, ta_node_at(c->root));
            p[0] = m.m[12];
            p[1] = m.m[13];
            p[2] = m.m[14];
        } else {
            p[0] = p[-3] + rm.translation.x;
            p[1] = p[-2] + rm.translation.y;
            p[2] = p[-1] + rm.translation.z;
        }
    }
    ta_animation_event ev;
    while (ta_mixer_drain_events(f->mixer, &ev, 1) == 1) {
        if (ev.kind != TA_EVENT_KIND_MARKER) continue;
        ta_action *a = NULL;
        if (ta_mixer_action(f->mixer, ev.action, &a, NULL) != TA_OK) continue;
        if (e->mark_count == e->mark_capacity) {
            uint32_t cap = e->mark_capacity ? e->mark_capacity * 2 : 16;
            preview_mark *grown = realloc(e->marks, cap * sizeof *grown);
            if (grown == NULL) return false;
            e->marks = grown;
            e->mark_capacity = cap;
        }
        preview_mark *mk = &e->marks[e->mark_count++];
        mk->t = f->time;
        const char *name = ta_clip_marker_at(ta_action_clip(a), ev.marker).name;
        snprintf(mk->name, sizeof mk->name, "%s", name != NULL ? name : "");
    }
    return true;
}

/* jointWorld * inverseBind, in double, its top three rows into out (12 numbers). */
static void skin_matrix(const ta_scene *scene, ta_node_id joint, const float *inverse_bind, float *out)
{
    ta_mat4 w = ta_scene_world_matrix(scene, joint);
    for (int c = 0; c < 4; ++c)
        for (int r = 0; r < 3; ++r) {
            double sum = 0;
            for (int k = 0; k < 4; ++k) sum += (double)w.m[k * 4 + r] * inverse_bind[c * 4 + k];
            out[c * 3 + r] = (float)sum;
        }
}

static bool visit(void *user, const ta_model *model, const bake_frame *f)
{
    collect *c = (collect *)user;
    preview_entry *e = c->entry;
    float *pos = &e->pos[(size_t)f->index * c->node_count * 3];
    for (uint32_t n = 0; n < c->node_count; ++n) {
        ta_mat4 m = ta_scene_world_matrix(model->scene, ta_node_at(n));
        pos[n * 3 + 0] = m.m[12];
        pos[n * 3 + 1] = m.m[13];
        pos[n * 3 + 2] = m.m[14];
    }
    const preview_skin *sk = c->skin;
    for (uint32_t j = 0; j < sk->joint_count; ++j)
        skin_matrix(model->scene, sk->joint_nodes[j], &sk->inverse_binds[(size_t)j * 16],
                    &e->skin[((size_t)f->index * sk->joint_count + j) * 12]);
    for (uint32_t a = 0; a < 2; ++a) {
        e->action_times[(size_t)f->index * 2 + a] = a < f->action_count ? f->action_time[a] : NAN;
        e->action_weights[(size_t)f->index * 2 + a] = a < f->action_count ? f->action_weight[a] : NAN;
    }
    const ta_mixer_targets where = {model->scene, model->assets, model->cameras};
    for (uint32_t s = 0; s < e->scalar_count; ++s) {
        preview_scalar *sc = &e->scalars[s];
        ta_property_value v;
        bool ok = ta_property_read(&where, sc->target, &v, NULL) == TA_OK;
        for (uint32_t i = 0; i < sc->size; ++i) sc->values[(size_t)f->index * sc->size + i] = ok ? v.v[i] : 0.0f;
    }
    if (!visit_extras(c, model, f)) {
        c->oom = true;
        return false;
    }
    return true;
}

/* The numbers worth a bar (one number, not a string) or a swatch (a color). */
static bool shown(ta_track_kind kind)
{
    ta_value_type type = ta_track_kind_value_type(kind);
    if (type == TA_VALUE_TYPE_COLOR) return true;
    return (type == TA_VALUE_TYPE_NUMBER || type == TA_VALUE_TYPE_FLAG) && ta_track_kind_value_size(kind) == 1;
}

static ta_result oom(ta_error *err)
{
    if (err != NULL) {
        err->code = TA_ERROR_OUT_OF_MEMORY;
        snprintf(err->message, sizeof err->message, "out of memory baking the preview");
    }
    return TA_ERROR_OUT_OF_MEMORY;
}

ta_result preview_bake_entry(ta_model *model, const cli_names *names, const preview_skin *skin, const bake_plan *plan,
                             preview_entry *e, ta_error *err)
{
    memset(e, 0, sizeof *e);
    uint32_t nodes = model->scene->node_count;
    e->clips[0] = plan->clip;
    e->clip_count = 1;
    e->durations[0] = ta_clip_duration(model->animations[plan->clip]).seconds;
    if (plan->fade) {
        e->clips[1] = plan->fade_to;
        e->clip_count = 2;
        e->durations[1] = ta_clip_duration(model->animations[plan->fade_to]).seconds;
        snprintf(e->name, sizeof e->name, plan->blend ? "%s + %s" : "%s \xe2\x86\x92 %s", ta_clip_name(model->animations[plan->clip]),
                 ta_clip_name(model->animations[plan->fade_to]));
    } else {
        snprintf(e->name, sizeof e->name, "%s", ta_clip_name(model->animations[plan->clip]));
    }
    e->seconds = bake_seconds(model, plan);
    /* the caller checked the count against --max-frames */
    e->frames = (uint32_t)bake_frame_count(model, plan);
    e->pos = malloc(((size_t)e->frames * nodes * 3 + 1) * sizeof *e->pos);
    e->action_times = malloc((size_t)e->frames * 2 * sizeof *e->action_times);
    e->action_weights = malloc((size_t)e->frames * 2 * sizeof *e->action_weights);
    e->skin = malloc(((size_t)e->frames * skin->joint_count * 12 + 1) * sizeof *e->skin);
    if (e->pos == NULL || e->action_times == NULL || e->action_weights == NULL || e->skin == NULL) return oom(err);
    if (plan->root_motion) {
        e->root_path = calloc((size_t)e->frames * 3 + 1, sizeof *e->root_path);
        if (e->root_path == NULL) return oom(err);
    }

    ta_track_target *targets = NULL;
    uint32_t count = 0;
    ta_result r = bake_targets(model, plan, 1, &targets, &count, err);
    if (r != TA_OK) return r;
    e->scalars = calloc(count + 1u, sizeof *e->scalars);
    if (e->scalars == NULL) {
        free(targets);
        return oom(err);
    }
    for (uint32_t i = 0; i < count; ++i) {
        if (!shown(targets[i].kind)) continue;
        preview_scalar *s = &e->scalars[e->scalar_count++];
        s->target = targets[i];
        s->size = ta_track_kind_value_type(targets[i].kind) == TA_VALUE_TYPE_COLOR ? 3 : 1;
        cli_target_label(names, targets[i], s->label, sizeof s->label);
        s->values = calloc((size_t)e->frames * s->size, sizeof *s->values);
        if (s->values == NULL) {
            free(targets);
            return oom(err);
        }
    }
    free(targets);

    collect c = {e, nodes, plan->root.index, false, skin};
    r = bake_run(model, plan, visit, &c, err);
    if (r != TA_OK) return r;
    if (c.oom) return oom(err);
    for (uint32_t i = 0; i < e->scalar_count; ++i) {
        preview_scalar *s = &e->scalars[i];
        s->min = INFINITY;
        s->max = -INFINITY;
        for (size_t k = 0; k < (size_t)e->frames * s->size; ++k) {
            if (s->values[k] < s->min) s->min = s->values[k];
            if (s->values[k] > s->max) s->max = s->values[k];
        }
        ta_track_kind kind = s->target.kind;
        ta_value_type type = ta_track_kind_value_type(kind);
        /* Bars of a known range read better on it. */
        if (type == TA_VALUE_TYPE_FLAG || kind == TA_TRACK_KIND_MORPH_INFLUENCE || kind == TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE ||
            kind == TA_TRACK_KIND_MATERIAL_OPACITY || (kind >= TA_TRACK_KIND_MATERIAL_ROUGHNESS && kind <= TA_TRACK_KIND_MATERIAL_METALNESS)) {
            if (s->min > 0) s->min = 0;
            if (s->max < 1) s->max = 1;
        }
        if (!(s->max > s->min)) {
            s->min -= 1;
            s->max += 1;
        }
    }
    return TA_OK;
}

void preview_entry_free(preview_entry *e)
{
    for (uint32_t i = 0; i < e->scalar_count; ++i) free(e->scalars[i].values);
    free(e->scalars);
    free(e->pos);
    free(e->action_times);
    free(e->action_weights);
    free(e->root_path);
    free(e->marks);
    free(e->skin);
    memset(e, 0, sizeof *e);
}
