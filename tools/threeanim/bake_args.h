/*
 * tools/threeanim/bake_args.h -- the options bake and preview share: which
 * clip, the frame rate, the loop mode, a cross-fade into a second clip or a
 * blend with it (a blend space, a sync group), and IK on every frame.
 */
#ifndef THREEANIM_TOOLS_BAKE_ARGS_H
#define THREEANIM_TOOLS_BAKE_ARGS_H

#include <stdbool.h>

#include "bake.h"
#include "cli_args.h"

typedef struct bake_args {
    const char *clip;    /* NULL: the first clip (bake), every clip (preview) */
    bool all;
    const char *fade_to; /* --cross-fade-to */
    double at;           /* --at; < 0: the first clip's duration */
    double over;         /* --over */
    bool warp;
    double fps;          /* --fps */
    double seconds;      /* --seconds; 0: as long as the clip (or the fade) */
    ta_loop_mode loop;   /* --loop; 0: the plan's default */
    double max_frames;   /* --max-frames: frames of all runs together */
    const char *root_motion; /* --root-motion NODE: a node's name; NULL: none */
    const char *blend_with;  /* --blend-with B: NULL: none */
    bool sync;               /* --sync */
    const char *ik;          /* --ik START,MID,END: NULL: none */
    const char *aim;         /* --aim NODE: NULL: none */
    bool has_target;
    float ik_target[3], ik_axis[3], ik_pole[3]; /* --ik-target, --ik-axis, --ik-pole */
} bake_args;

/* --max-frames's default: past any real clip (an hour at 240 fps is 864,001
 * frames), short of what a file claiming a clip of 1e6 s or 3e38 s asks. */
#define BAKE_DEFAULT_MAX_FRAMES 1000000.0
#define BAKE_MAX_MAX_FRAMES 4000000000.0

void bake_args_init(bake_args *b);
/* Takes one option of the shared set at a->i. Returns 1 if it took one, 0 if
 * argv[a->i] is none of them, or CLI_USAGE's negation (-2) after printing
 * the usage error. */
int bake_args_take(cli_argv *a, bake_args *b, const char *cmd);
/* Checks combinations; CLI_OK or CLI_USAGE (after printing why). */
int bake_args_check(const bake_args *b, const char *cmd);
/* The plans the options ask for: every clip with --all, else the named (or
 * first) clip, with its cross-fade. *out is malloc'd. CLI_OK, or CLI_REFUSED
 * after printing the library's message (no clip of that name, a model with no
 * clips). */
int bake_args_plans(const bake_args *b, const ta_model *model, const char *cmd, const char *file, bake_plan **out,
                    uint32_t *out_count);

/* Checks the frames the plans ask for, together, against --max-frames,
 * before anything is baked or written: CLI_OK, or CLI_REFUSED after printing
 * which run asks for how many frames and how to raise the limit. */
int bake_args_check_frames(const bake_args *b, const ta_model *model, const bake_plan *plans, uint32_t count,
                           const char *cmd, const char *file);

#endif
