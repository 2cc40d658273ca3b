/*
 * src/animation/mixer_internal.h -- the mixer's layout. Not public.
 *
 * A binding is one target property the mixer drives: made once per target
 * (kind, family, index, element) and shared by every action whose tracks name
 * that target. Its pile, its original value and its additive pile are
 * float runs at binding->offset in three flat arrays (strings: const char*
 * slots). use_count counts the action tracks that drive it now (played
 * actions); ref_count the action tracks that point at it.
 *
 * The files of src/animation in layers. An update is a one-way pipeline: the
 * public calls on top, then the update, which runs its stages in order
 * (clock, sample, blend, write, events and root motion), each stage calling
 * only the layers below it; the track and clip side under all of them. A file
 * calls only files of a lower layer: tests/layers/animation_calls.py reads
 * this table and checks every call between the object files with nm.
 *
 * Layers, top first (number, files, what they are):
 *   26  frame                           public: a frame of many characters (update, world, skinning)
 *   25  blend_space sync_group          public: actions' weights from a parameter; actions kept in one phase (call the actions' setters)
 *   24  mixer_batch                     public: many mixers' updates at once
 *   23  action_seek                     public: an action's time set, with what it skips
 *   22  animation_mixer                 public: the mixer, its actions, the cache
 *   21  animation_action                public: an action
 *   20  mixer_update                    the update: runs the stages below, in order
 *   19  marker_events                   stage: events (markers passed), then root motion's report
 *   18  mixer_bindings                  the binding lifecycle (gives the fused path's values back first)
 *   17  mixer_fused                     stages sample, blend (mixer_blend.h) and write on the fused path
 *   16  root_motion                     stage: root motion (its pose rule read by both paths)
 *   15  mixer_hash                      target -> binding
 *   14  property_access                 stage: write (and read) the targets' properties
 *   13  animation_mask animation_object_group action_span   what the stages look up
 *   12  action_clock                    stage: clock (an action's phase, weight, time scale)
 *   11  morph_sequences                 clips: made from morph target names
 *   10  animation_utils animation_clip_creator clip_rig clip_compressed clip_compressed_io clip_compressed_window   clips: edited, made, rebound, compressed (read, and windows)
 *    9  animation_clip                  a clip: its tracks, names, plan and fused layout
 *    8  keyframe_track clip_fused clip_plan clip_markers track_edit track_sample clip_compressed_sample clip_compress_error   tracks, a clip's parts, a compressed clip's reader and error
 *    7  track_check                     a track's keys checked
 *    6  interpolant quat_batch fused_kernels   sampling and slerp kernels
 *    5  slerp_constants track_kinds     leaves
 *
 */
#ifndef THREEANIM_SRC_ANIMATION_MIXER_INTERNAL_H
#define THREEANIM_SRC_ANIMATION_MIXER_INTERNAL_H

#include "animation/action_internal.h"
#include "animation/mixer_fused.h"
#include "threeanim/animation_mixer.h"

/* A target packed in 12 bytes: the mixer keeps one per binding. The element
 * is whole: a mesh may have any number of morph targets, and two targets 256
 * apart are two bindings. */
typedef struct ta__target {
    uint32_t index;
    uint32_t element;
    uint8_t kind;
    uint8_t family;
    uint8_t type;    /* ta_value_type */
} ta__target;

typedef struct ta__binding {
    ta__target target;
    uint32_t offset;        /* into pile/orig/add, or the string slots */
    uint32_t use_count;
    uint32_t ref_count;
    float weight;           /* this update's normal weight */
    float add_weight;       /* this update's additive weight */
    uint8_t size;           /* numbers per value; 1 for a string */
    bool has_original;
    bool restore_pending;   /* stopped: write the original at the next update */
    bool driven_last;       /* written by the last update */
    bool read_now;          /* original read in the update under way */
} ta__binding;

static inline ta_track_target ta__binding_target(const ta__binding *b)
{
    ta_track_target t;
    t.kind = (ta_track_kind)b->target.kind;
    t.family = (ta_target_family)b->target.family;
    t.index = b->target.index;
    t.element = b->target.element;
    return t;
}

/* Root motion (root_motion.c): the setting, and this update's sums. */
struct ta__root_motion_state {
    bool on;
    bool keep_vertical;
    bool yaw;
    uint32_t node;
    uint32_t version;   /* bumped by each setting: actions find their root track again */
    /* The fused path's root lanes (mixer_fused.c): a pile's offset of component 0 and the planes'
     * stride, TA_NONE's offset when there is none (no track, or no yaw); found again when
     * fused_key is not version (0: the lanes were laid out anew). Here, not in the fused state:
     * a mixer without root motion pays nothing for them. */
    uint32_t fused_key;
    uint32_t vec_at, vec_stride;
    uint32_t rot_at, rot_stride;
    double sum[3];      /* normal actions: sum of e m delta */
    double weight;      /* sum of e m */
    double add[3];      /* additive actions: sum of e m delta */
    double yaw_sum, yaw_add;
    };

struct ta_mixer {
    ta__mem mem;
    double time;
    double time_scale;

    /* The actions not uncached first, in index order (live_count of them), then the uncached
     * ones, which the mixer keeps until it is destroyed: an update walks the first alone, so
     * a mixer that clips stream through costs what it plays, not all it ever played. Find an
     * action by its index with ta__mixer_action_at. */
    ta_action **actions;
    ta__action_step *steps;  /* an update's steps, past TA__STEPS_ON_STACK actions */
    uint32_t action_count;   /* every action added, uncached ones included */
    uint32_t action_capacity;
    uint32_t step_capacity;
    ta_node_id root;
    uint32_t live_count;

    ta__binding *bindings;
    uint32_t binding_count;
    uint32_t binding_capacity;

    /* target -> binding index + 1 (0: empty), open addressing */
    uint32_t *hash;
    uint32_t hash_capacity; /* a power of two, or 0 */
    uint32_t unreaped;       /* uncached actions still holding their clips (ta__mixer_reap) */

    /* pile, orig and last share float_block, 3 * slot_capacity floats; add,
     * which only additive actions use, is made when the first one plays. last
     * is the pile of the last update (the original, when it was read): as
     * three.js's PropertyMixer.apply, a property is written only when its
     * mixed value differs from it, so a value the caller sets between two
     * updates that mix the same value survives. As three.js's two
     * accumulators, pile and last swap at each commit: every driven binding's
     * pile is made afresh by each update, and one that stops driving reads its
     * original (and so its last) again when it starts. */
    float *float_block;
    float *pile;
    float *orig;
    float *last;
    float *add;
    uint32_t slot_count;
    uint32_t slot_capacity;
    uint32_t add_capacity;
    bool wants_add;         /* an additive action has played: keep add as large as pile */
    bool bindings_parked;   /* see below */

    const char **str_pile;
    const char **str_add;
    char **str_orig;        /* owned copies */
    /* The name each binding mixed last (into a clip's strings or its own
     * str_orig, which live as long as it does; the original when read), so
     * that as numbers, a name is written only when the mix changes it. */
    const char **str_last;
    uint32_t str_count;
    uint32_t str_capacity;

    /* What the last update found valid, so that the next one, given the same
     * lists with the same counts and no new binding, need not look again. Only
     * the map kinds are looked at every time: a material's map is the
     * caller's to change. */
    bool checked;
    struct ta__checked_targets {
        const void *scene, *assets, *cameras;
        uint64_t made; /* the scene's made_hash (scene_internal.h): its meshes' morph counts, among others */
        uint32_t nodes, meshes, skinned_meshes, lights, materials, textures, perspective, orthographic;
    } checked_key;
    uint32_t map_bindings;
    uint32_t camera_bindings;
    /* While the fused path runs with the general piles freed (mixer_fused.h),
     * the binding records, their hash and the bound actions' track maps are
     * freed too: every binding is then a lane driven by every bound action,
     * so their counts follow from which actions are bound and playing, and
     * the fused path makes them again from the lanes (mixer_fused.c). binding_count
     * and hash_capacity are 0 meanwhile. (bindings_parked, above beside
     * wants_add, where it takes no room of its own: the bytes count per character.) */

    ta_animation_event *events;
    /* Root motion (root_motion.c): NULL until a first setting, so that a
     * mixer without it holds one pointer for it (the bytes count per character). */
    struct ta__root_motion_state *root_motion;
    bool seek_reports;      /* set_time reports the markers (and motion) of the time it skips */
    bool write_always;      /* ta_mixer_set_write_always: every driven property written, no comparison */
    uint32_t event_need;    /* the most events one update can make (reserved at add) */
    uint32_t event_count;
    uint32_t event_read;
    uint32_t event_capacity;
    /* The fused path (mixer_fused.h): its instruction set, chosen when the
     * mixer is made, and its state. */
    ta__mixer_fused fused;
};

/* Whether root motion is on (root_motion.h). */
static inline bool ta__root_motion_on(const ta_mixer *m)
{
    return m->root_motion != NULL && m->root_motion->on;
}

/* mixer_hash.c: target -> binding */
/* The binding of target, or TA_NONE. */
uint32_t ta__mixer_find(const ta_mixer *mixer, ta_track_target target);
/* Puts binding index in the hash (which has room). */
void ta__mixer_hash_put(ta_mixer *mixer, uint32_t index);
/* The hash made again from the binding records. */
void ta__mixer_hash_rebuild(ta_mixer *mixer);
/* A hash at most three quarters full for `need` keys, from `from` slots up. */
uint64_t ta__mixer_hash_size(uint64_t from, uint32_t need);
/* Room in the hash for `need` bindings. */
ta_result ta__mixer_hash_reserve(ta_mixer *mixer, uint32_t need, ta_error *err);

/* mixer_bindings.c */
/* The binding of target, made if there is none. */
ta_result ta__mixer_bind(ta_mixer *mixer, ta_track_target target, uint32_t *out_index, ta_error *err);
/* Room for bindings holding `bindings` more of them, `numbers` more float
 * slots and `strings` more string slots, exactly, so that binding them cannot
 * fail. */
ta_result ta__mixer_reserve(ta_mixer *mixer, uint32_t bindings, uint32_t numbers, uint32_t strings, ta_error *err);
/* The additive piles, made for every binding when the first additive action plays. */
ta_result ta__mixer_need_additive(ta_mixer *mixer, ta_error *err);
/* Drops bindings nothing uses, points at or drove in the last update. */
void ta__mixer_drop_unused(ta_mixer *mixer);
void ta__mixer_free_bindings(ta_mixer *mixer);

/* The lifecycle (mixer_bindings.c; ta__mixer_activate and ta__mixer_deactivate
 * are in action_internal.h). */
/* A group action's bindings for the targets the update is given: its members'
 * targets bound afresh when the group, the scene's structure or the camera
 * list changed since the last time (refused, naming the member, when one is
 * not in the scene). */
ta_result ta__mixer_bind_group(ta_mixer *mixer, ta_action *action, const ta_mixer_targets *targets, ta_error *err);
/* The cache: an uncached action stops, is reset and gives up its bindings
 * for good; after one or more, every binding nothing drove in the last update
 * is dropped, and the actions that do not play give up theirs (they bind
 * again when they play). */
void ta__mixer_uncache(ta_mixer *mixer, ta_action *action);
/* The uncached actions moved past the live ones (ta_mixer's actions), after an uncache call's
 * ta__mixer_uncache calls and before ta__mixer_after_uncache. */
void ta__mixer_compact(ta_mixer *mixer);
void ta__mixer_after_uncache(ta_mixer *mixer);
/* The uncached actions give back their clips and track maps, each once the
 * fused state neither plays it nor needs its clip to make parked bindings
 * again: tried after an uncache, an update and a restore. */
void ta__mixer_reap(ta_mixer *mixer);
/* The action added as index, or NULL when it was uncached (index below action_count). */
ta_action *ta__mixer_action_at(const ta_mixer *mixer, uint32_t index);
/* An uncached action gives back its clip (and with it the keys and plan) and
 * its track maps, keeping its own block (its clock and fields), so that
 * pointers to it stay valid; ta__action_free does the same first. */
void ta__action_give_back(ta_action *action);
/* Drops the action's copy of a group. */
void ta__action_drop_group(ta_action *action);
/* Lets go of every reference of an action that does not play. */
void ta__mixer_release_action_refs(ta_mixer *mixer, ta_action *action);
/* Reads the original of every driven binding that has none (into orig and
 * last); refused out of memory, with the originals this update read forgotten. */
ta_result ta__mixer_read_originals(ta_mixer *mixer, const ta_mixer_targets *targets, ta_error *err);
/* A refused update: forgets the originals it read, and clears the weights it
 * piled up for the next one. */
void ta__mixer_rollback_originals(ta_mixer *mixer);
/* The marks an update leaves, at its commit: for a binding nothing drives,
 * true when its original is to be written back now (it is then forgotten, and
 * the binding counts as written); a driven binding counts as written, its
 * weights cleared for the next update. */
bool ta__mixer_take_restore(ta__binding *binding);
void ta__mixer_mark_driven(ta__binding *binding);

/* The update's first loads of mixer m on scene s asked for ahead of it
 * (mixer_batch.c): stage 3 three updates ahead (the mixer, the scene), 2 two
 * ahead (the actions' list, the fused path's last values), 1 the next one
 * (the actions, the nodes it writes). Each stage reads only what the one
 * before asked for. The frame's loops of more than TA__FRAME_PREFETCH_FROM
 * characters use it: below, their state fits in a core's L2 from one frame to
 * the next. The mixer's batches, whose characters hold less (about 11 KiB a
 * character of the benchmark's 64 bones, no pose, no palettes), from
 * TA__MIXER_RANGE_PREFETCH_FROM: below, its prefetches cost more than the
 * misses they save (blend 1.04 times the time without at 400 characters, about
 * the same at 700, 0.81 to 0.89 at 1000: docs/performance.md). */
#define TA__FRAME_PREFETCH_FROM 64u
/* From how many characters a frame (ta_frame_options.stream auto) writes its matrices with
 * non-temporal stores: below, they stay in the last-level cache from one frame to the next and
 * streaming them out costs more than it saves (every output streamed: 1.13 times the time at 100
 * characters of 64 bones, 1.00 at 200 and 300; the pose's doubles alone 0.87 at 400, 0.86 at 1000:
 * docs/performance.md). */
#define TA__FRAME_STREAM_FROM 384u
/* The bytes of an action's block that an update reads first: the action and, after it, its
 * time groups' places and cursors (animation_action.c), up to four groups. */
#define TA__ACTION_PREFETCH_BYTES (sizeof(struct ta_action) + 48u)
#define TA__MIXER_RANGE_PREFETCH_FROM 768u
void ta__mixer_prefetch(const ta_mixer *m, const ta_scene *s, unsigned stage);

/* animation_mixer.c: TA_OK, or why index (named arg in the message) is no action of the mixer. */
ta_result ta__mixer_check_action(const ta_mixer *mixer, uint32_t index, const char *arg, ta_error *err);
/* three.js's crossFadeFrom on checked arguments: each action on its own mixer's clock, from in_now and
 * out_now (animation_mixer.c). */
void ta__cross_fade(ta_action *in, double in_now, ta_action *out, double out_now, ta_duration duration, bool warp);

#endif
