/**
 * @file
 * threeanim/skin.h -- skins: the joints a skinned mesh follows, their inverse
 * bind matrices, and how a skinned mesh is bound to them.
 *
 * A skin is three.js's Skeleton: a list of joint nodes (the bones, in the
 * order the vertices' joint indices name them) and, per joint, the inverse of
 * its world matrix at bind time. Several skinned meshes may share one skin
 * (a glTF mesh of several primitives makes one skinned mesh per primitive,
 * all on the same skin). A skinned mesh is bound to a skin with a bind mode
 * and a bind matrix, three.js's SkinnedMesh.bind:
 *
 *     ta_skin_desc sd = {0};
 *     sd.joints = joints; sd.joint_count = 3; sd.inverse_binds = ibms;  // NULL: identities
 *     ta_skin_id skin;
 *     ta_scene_add_skin(scene, &sd, &skin, &err);
 *     ta_scene_bind_skin(scene, mesh, skin, TA_BIND_MODE_ATTACHED, NULL, &err);  // NULL: identity
 *
 * What a renderer needs from them each frame (bone matrices and the mesh's
 * bind matrix inverse) comes from the passes of pose.h.
 *
 * Ownership: the scene owns its skins (ta_scene_destroy frees them). A skin
 * does not change once added; its lists may be shared with instances of the
 * scene (ta_scene_instantiate), so they are const.
 */
#ifndef THREEANIM_SKIN_H
#define THREEANIM_SKIN_H

#include <stdint.h>

#include "threeanim/export.h"
#include "threeanim/ids.h"
#include "threeanim/math.h"
#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A skin of a scene: its place in scene->skins. */
typedef struct ta_skin_id {
    uint32_t index; /**< the place in the list */
} ta_skin_id;

/**
 * The skin at place i of scene->skins.
 *
 * @ownership A value.
 * @errors None.
 * @threejs None: three.js holds the Skeleton itself.
 */
static inline ta_skin_id ta_skin_at(uint32_t i)
{
    ta_skin_id id = {i};
    return id;
}

/** How a skinned mesh's bind matrix inverse is found: three.js's bindMode. */
typedef enum ta_bind_mode {
    /** three.js AttachedBindMode (the default): the inverse of the mesh node's world matrix, every
     * update, so that the mesh follows its node. */
    TA_BIND_MODE_ATTACHED = 0,
    /** three.js DetachedBindMode: the inverse of the bind matrix, fixed. */
    TA_BIND_MODE_DETACHED
} ta_bind_mode;

/** A skin: the joints and their inverse bind matrices (three.js Skeleton's bones and boneInverses). */
typedef struct ta_skin {
    const ta_node_id *joints;       /**< joint_count nodes, in the order the vertices name them */
    const ta_mat4 *inverse_binds;   /**< joint_count matrices; the identity where none was given */
    uint32_t joint_count;           /**< how many joints; at least one */
    const char *uuid;               /**< the three.js Skeleton's uuid; "" if none */
} ta_skin;

/** What ta_scene_add_skin copies into the scene. */
typedef struct ta_skin_desc {
    const ta_node_id *joints;     /**< joint_count nodes of the scene */
    uint32_t joint_count;         /**< at least one */
    const ta_mat4 *inverse_binds; /**< NULL: every joint's is the identity (three.js's default) */
    const char *uuid;             /**< NULL: "" */
} ta_skin_desc;

struct ta_scene;

/**
 * Adds a skin: copies of desc's joints, inverse bind matrices and uuid. out_skin (may be NULL)
 * receives its index.
 *
 * @ownership The scene copies the lists. Pointers into scene->skins are valid until the next add
 * of a skin.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene or desc NULL, no joints, a NULL list with a count),
 * TA_ERROR_MISSING_TARGET (a joint not in the scene), TA_ERROR_NOT_A_NUMBER (an inverse bind
 * matrix number not finite: the message names the joint and the element),
 * TA_ERROR_LIMIT_EXCEEDED, TA_ERROR_OUT_OF_MEMORY. A refused add changes nothing.
 * @threejs new Skeleton(bones, boneInverses).
 */
TA_API ta_result ta_scene_add_skin(struct ta_scene *scene, const ta_skin_desc *desc, ta_skin_id *out_skin,
                                   ta_error *err);

/**
 * The skin at that index; NULL if scene is NULL or the index is past the end.
 *
 * @ownership Points into the scene: valid until the next add of a skin.
 * @errors None.
 * @threejs skinnedMesh.skeleton.
 */
TA_API const ta_skin *ta_scene_skin(const struct ta_scene *scene, ta_skin_id skin);

/**
 * Binds a skinned mesh to a skin: the mesh's bones become the skin's joints, its bind mode mode,
 * its bind matrix *bind_matrix (NULL: the identity, as GLTFLoader binds).
 *
 * @ownership The scene copies the matrix.
 * @errors TA_ERROR_INVALID_ARGUMENT (scene NULL, mode not a ta_bind_mode), TA_ERROR_MISSING_TARGET
 * (mesh or skin not in the scene), TA_ERROR_NOT_A_NUMBER (a bind matrix number not finite),
 * TA_ERROR_OUT_OF_MEMORY. A refused call changes nothing. (A bind matrix that cannot be inverted
 * gives, with TA_BIND_MODE_DETACHED, an all-zero bind matrix inverse, as three.js's invert does.)
 * @threejs skinnedMesh.bindMode = mode; skinnedMesh.bind(skeleton, bindMatrix).
 */
TA_API ta_result ta_scene_bind_skin(struct ta_scene *scene, ta_skinned_mesh_id mesh, ta_skin_id skin,
                                    ta_bind_mode mode, const ta_mat4 *bind_matrix, ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
