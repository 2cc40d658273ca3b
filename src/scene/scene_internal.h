/*
 * src/scene/scene_internal.h -- what the mixer needs of a scene beyond its
 * public calls. Not public.
 *
 * Renaming a node to a name of another length needs memory. An update must not
 * fail once it has started to write, so the mixer makes the new names first
 * (ta__scene_name_make, with the scene's allocator), and installs them while it
 * commits (ta__scene_name_install, which cannot fail); names it did not install
 * go back with ta__scene_name_free.
 */
#ifndef THREEANIM_SRC_SCENE_SCENE_INTERNAL_H
#define THREEANIM_SRC_SCENE_SCENE_INTERNAL_H

#include "core/internal.h"
#include "threeanim/scene.h"

/* A block of memory shared by a scene and its instances (ta_scene_instantiate):
 * freed, with free_fn, when the last of them lets it go. */
typedef struct ta__share ta__share;
struct ta__share {
    _Atomic unsigned refs;
    ta__mem mem;
    void (*free_fn)(ta__share *share);
};
ta__share *ta__share_retain(ta__share *share);
void ta__share_release(ta__share *share);

/* What rig.c knows of a scene's rig (its tree, joints and inverse binds),
 * for the frame's check that characters share one: zeroed by ta_scene_create.
 * Its versions are rig_version's (scene_internal). */
typedef struct ta__rig_memo {
    uint64_t version;          /* the rig_version that hash is of */
    uint64_t hash;             /* of the rig, when hashed */
    bool hashed;
    /* ta__scene_rig_levers_within's answer for lever_bound, while lever_known: cleared by
     * ta_scene_add_skin, the one call that changes a scene's inverse binds (its tree is not in
     * the question). In the bytes after `hashed`, so that a scene is no larger for it. */
    bool lever_known, lever_within;
    float lever_bound;
    const ta_scene *same_as;   /* a scene found of this rig number by number; NULL for none */
    uint64_t same_as_version;  /* its rig_version then */
    uint64_t same_as_hash;     /* its rig's hash then */
    uint64_t own_version;      /* this scene's rig_version then */
} ta__rig_memo;

/* What a scene keeps besides its public lists. */
typedef struct scene_internal {
    ta__mem mem;
    uint32_t node_capacity;
    uint32_t mesh_capacity;
    uint32_t skinned_mesh_capacity;
    uint32_t light_capacity;
    uint32_t skin_capacity;
    ta__share **skin_blocks;      /* skin_count blocks holding each skin's lists */
    uint32_t skin_block_capacity;
    /* Per node, whether its name (bit 0) and uuid (bit 1) belong to a shared
     * block rather than to this scene: such a string is never written in
     * place nor freed here. NULL while nothing is shared. */
    uint8_t *borrowed;
    uint32_t borrowed_capacity;
    ta__share **name_blocks;      /* the blocks of borrowed names this scene holds */
    uint32_t name_block_count, name_block_capacity;
    /* Rises with every change to the tree or the skins (ta_scene_add_node,
     * ta_scene_set_parent, ta_scene_add_skin), not with names or meshes as
     * structure_version does: the mixer renames nodes every frame for a
     * string track, which is no change of the rig. */
    uint64_t rig_version;
    ta__rig_memo rig;             /* rig.c's */
    /* A hash of the calls that made the tree, in their order (each node added
     * under its parent, each node moved to a parent: a step of ta__hash_mix in
     * ta_scene_add_node and ta_scene_set_parent): the
     * same calls make the same tree, children in the same order, and another
     * tree hashes otherwise but by a chance of 2^-64. A pose keys its order on
     * it (pose.c): a version counted from 0 does not tell a scene made in the
     * place of a destroyed one, of another tree, from the one destroyed.
     * Copied by ta_scene_instantiate with the tree. */
    uint64_t tree_hash;
    /* A hash of the calls that made the scene, with what a mixer's checks read of
     * them: each node added (its parent and its name then), each node moved, each
     * mesh added (skinned or not, its node, morph count, materials and bones), each
     * light added (its node); not renames, which a string track makes every frame.
     * A mixer keeps its targets as checked, and an action its clip's node names,
     * while the scene, its counts and this hash are the ones they were checked on:
     * a scene made in a destroyed one's place, of the same counts and version,
     * hashes otherwise unless made by the same calls. Copied by ta_scene_instantiate. */
    uint64_t made_hash;
} scene_internal;

/* The tree hash's seed, and one step of it (and of rig.c's hash). */
#define TA__HASH_SEED 0x243F6A8885A308D3ull
static inline uint64_t ta__hash_mix(uint64_t h, uint32_t word)
{
    h = (h ^ word) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

/* Steps of ta__hash_mix over a string's bytes and its end. */
static inline uint64_t ta__hash_string(uint64_t h, const char *s)
{
    for (; *s != '\0'; ++s) h = ta__hash_mix(h, (unsigned char)*s);
    return ta__hash_mix(h, 0x100u);
}

#define TA__BORROWED_NAME 1u
#define TA__BORROWED_UUID 2u

static inline scene_internal *ta__scene_internal(const ta_scene *scene)
{
    return (scene_internal *)scene->internal_;
}
static inline bool ta__scene_borrows(const ta_scene *scene, uint32_t node, unsigned bit)
{
    const scene_internal *in = ta__scene_internal(scene);
    return in->borrowed != NULL && (in->borrowed[node] & bit) != 0;
}

/* Whether b has a's rig: the same tree (the same parent for every node) and
 * the same skins (joints and inverse binds, bit for bit). Number by number the
 * first time; then, while neither scene's rig_version moves and a's rig
 * hashes as it did, from a memo kept in b (rig.c). Writes the memos of a and b
 * (each scene's cache of its rig's hash, b's of a): a call may not run beside
 * another on either scene. */
bool ta__scene_same_rig(ta_scene *a, ta_scene *b);
/* Whether b's memo names a scene of its rig still: its joints and inverse
 * binds are then not read by ta__scene_same_rig (so need not be prefetched)
 * while that scene is the one it is asked about. */
bool ta__scene_rig_known(const ta_scene *b);

/* Whether every inverse bind of the scene's skins moves a point by at most bound times its 3x3's
 * largest element (the largest of its translation's three against the largest of its 3x3's nine; a
 * NaN: no): the frame's float lane pass takes a rig for which it holds (frame.c). Read once for a
 * scene's skins and a bound, then from its memo (written: a call may not run beside another on the
 * scene). */
bool ta__scene_rig_levers_within(ta_scene *scene, float bound);

/* Column c of the last row of a bone matrix (its joint's world matrix, whose last row is 0 0 0 1,
 * times the inverse bind b): the world's zeros and one times b's column, added as three.js adds
 * them in double. Every product is a signed zero or b[c * 4 + 3] itself (inverse binds are
 * finite: ta_scene_add_skin refuses others), so nothing rounds, and the sum and its zeros' signs
 * are the same in float and in double, contracted into FMA or not. */
static inline float ta__bone_last_row(const float *b, int c)
{
    return 0.0f * b[c * 4] + 0.0f * b[c * 4 + 1] + 0.0f * b[c * 4 + 2] + 1.0f * b[c * 4 + 3];
}

/* Skin s's bone matrices' last rows (ta__bone_last_row), four floats a joint, made with the skin
 * (its block, which instances share): the lane passes' 4x4 palettes read them rather than work
 * them out for each window of characters. */
const float *ta__skin_last_rows(const ta_scene *scene, uint32_t skin);

/* Frees the scene's skins (skin.c), for ta_scene_destroy. */
void ta__scene_free_skins(ta_scene *scene);

/* A copy of name (NULL: "") in the scene's memory; NULL when out of memory. */
char *ta__scene_name_make(const ta_scene *scene, const char *name);
/* Makes made the name of node (which must be in the scene), freeing the old one. */
void ta__scene_name_install(ta_scene *scene, ta_node_id node, char *made);
/* Frees a name made by ta__scene_name_make and not installed. NULL does nothing. */
void ta__scene_name_free(const ta_scene *scene, char *made);

#endif
