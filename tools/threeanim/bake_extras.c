/* Root motion and markers in bake's output (bake_extras.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bake_extras.h"
#include "cli.h"

bool bake_extras_any_markers(const ta_model *model, const bake_plan *plans, uint32_t plan_count)
{
    for (uint32_t p = 0; p < plan_count; ++p) {
        if (ta_clip_marker_count(model->animations[plans[p].clip]) > 0) return true;
        if (plans[p].fade && ta_clip_marker_count(model->animations[plans[p].fade_to]) > 0) return true;
    }
    return false;
}

bool bake_extras_alloc(bake_extras *x, uint32_t frames)
{
    x->frames = frames;
    x->root = calloc((size_t)frames * 4 + 1, sizeof *x->root);
    x->passed = calloc((size_t)frames + 1, sizeof *x->passed);
    return x->root != NULL && x->passed != NULL;
}

void bake_extras_free(bake_extras *x)
{
    if (x->passed != NULL)
        for (uint32_t k = 0; k < x->frames; ++k) free(x->passed[k]);
    free(x->passed);
    free(x->root);
    x->passed = NULL;
    x->root = NULL;
}

/* A frame's marker text as it grows: its length and room kept, so that a
 * frame that passes a million markers costs a million appends, not a million
 * strlen of an ever longer text. */
typedef struct text_buf {
    char **text;
    size_t len, cap;
} text_buf;

static bool append(text_buf *t, const char *name, int64_t count)
{
    char piece[300];
    if (count > 1)
        snprintf(piece, sizeof piece, "%s*%lld", name, (long long)count);
    else
        snprintf(piece, sizeof piece, "%s", name);
    size_t n = strlen(piece), add = n + (t->len ? 1 : 0);
    if (t->len + add + 1 > t->cap) {
        size_t cap = t->cap * 2 > t->len + add + 1 ? t->cap * 2 : t->len + add + 1 + 64;
        char *grown = realloc(*t->text, cap);
        if (grown == NULL) return false;
        *t->text = grown;
        t->cap = cap;
    }
    if (t->len) (*t->text)[t->len++] = ';';
    memcpy(*t->text + t->len, piece, n + 1);
    t->len += n;
    return true;
}

bool bake_extras_visit(bake_extras *x, const bake_frame *f, uint32_t k)
{
    if (x->root_motion) {
        ta_root_motion rm;
        ta_mixer_root_motion(f->mixer, &rm);
        x->root[4 * k] = rm.translation.x;
        x->root[4 * k + 1] = rm.translation.y;
        x->root[4 * k + 2] = rm.translation.z;
        x->root[4 * k + 3] = rm.yaw;
    }
    ta_animation_event ev;
    text_buf t = {NULL, 0, 0};
    if (x->markers) {
        t.text = &x->passed[k];
        t.len = *t.text != NULL ? strlen(*t.text) : 0;
        t.cap = *t.text != NULL ? t.len + 1 : 0;
    }
    while (ta_mixer_drain_events(f->mixer, &ev, 1) == 1) {
        if (ev.kind != TA_EVENT_KIND_MARKER || !x->markers) continue;
        ta_action *a = NULL;
        if (ta_mixer_action(f->mixer, ev.action, &a, NULL) != TA_OK) continue;
        const char *name = ta_clip_marker_at(ta_action_clip(a), ev.marker).name;
        if (!append(&t, name != NULL ? name : "", ev.count)) return false;
    }
    return true;
}

void bake_extras_csv_header(FILE *out, const bake_extras *x)
{
    if (x->root_motion) fputs(",root_motion.x,root_motion.y,root_motion.z,root_motion.yaw", out);
    if (x->markers) fputs(",markers", out);
}

void bake_extras_csv_row(FILE *out, const bake_extras *x, uint32_t k)
{
    if (x->root_motion)
        for (int i = 0; i < 4; ++i) {
            fputc(',', out);
            cli_print_float(out, x->root[4 * k + i]);
        }
    if (x->markers) {
        fputc(',', out);
        if (x->passed[k] != NULL) cli_print_csv_field(out, x->passed[k]);
    }
}

void bake_extras_json_root(FILE *out, const bake_extras *x, uint32_t k)
{
    fputc('[', out);
    for (int i = 0; i < 4; ++i) {
        if (i) fputs(", ", out);
        cli_print_float(out, x->root[4 * k + i]);
    }
    fputc(']', out);
}

void bake_extras_json_markers(FILE *out, const bake_extras *x, uint32_t k)
{
    fputc('[', out);
    const char *s = x->passed[k];
    bool first = true;
    while (s != NULL && *s) {
        const char *end = strchr(s, ';');
        size_t n = end != NULL ? (size_t)(end - s) : strlen(s);
        char piece[300];
        snprintf(piece, sizeof piece, "%.*s", (int)(n < sizeof piece ? n : sizeof piece - 1), s);
        if (!first) fputs(", ", out);
        first = false;
        cli_print_json_string(out, piece);
        s = end != NULL ? end + 1 : NULL;
    }
    fputc(']', out);
}

void bake_extras_jsonl(FILE *out, const bake_extras *x, uint32_t k)
{
    if (x->root_motion) {
        fputs(", \"root_motion\": ", out);
        bake_extras_json_root(out, x, k);
    }
    if (x->markers) {
        fputs(", \"markers\": ", out);
        bake_extras_json_markers(out, x, k);
    }
}
