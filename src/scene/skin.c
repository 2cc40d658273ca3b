/* Skins: joints and inverse bind matrices, and the binding of a skinned mesh.
 *
 * Each skin's lists live in one block that the scene's instances share, so a
 * skin never changes once added. */
#include <math.h>
#include <stdatomic.h>
#include <string.h>

#include "core/internal.h"
#include "scene/scene_internal.h"
#include "threeanim/scene.h"
#include "threeanim/skin.h"

ta__share *ta__share_retain(ta__share *share)
{
    atomic_fetch_add_explicit(&share->refs, 1u, memory_order_relaxed);
    return share;
}

void ta__share_release(ta__share *share)
{
    if (share == NULL) return;
    if (atomic_fetch_sub_explicit(&share->refs, 1u, memory_order_acq_rel) == 1u) share->free_fn(share);
}

/* One skin's lists in one allocation, after the header. */
typedef struct skin_block {
    ta__share share;
    size_t bytes;
} skin_block;

static void skin_block_free(ta__share *share)
{
    skin_block *b = (skin_block *)share;
    ta__mem mem = share->mem;
    ta__free(&mem, b, b->bytes);
}

/* Offsets within a block: header, matrices (aligned as the header is), last rows, joints, uuid. */
static size_t matrices_at(void)
{
    size_t a = _Alignof(ta_mat4) > _Alignof(skin_block) ? _Alignof(ta_mat4) : _Alignof(skin_block);
    return (sizeof(skin_block) + a - 1) / a * a;
}

ta_result ta_scene_add_skin(ta_scene *scene, const ta_skin_desc *desc, ta_skin_id *out_skin, ta_error *err)
{
    if (scene == NULL || desc == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", scene == NULL ? "scene" : "desc");
    if (desc->joint_count == 0) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc.joint_count: a skin needs a joint");
    if (desc->joints == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "desc.joints: is NULL with joint_count %u", desc->joint_count);
    for (uint32_t i = 0; i < desc->joint_count; ++i)
        if (desc->joints[i].index >= scene->node_count)
            return ta__fail(err, TA_ERROR_MISSING_TARGET,
                            "desc.joints: joint %u is node %u, which is not in the scene of %u nodes", i,
                            desc->joints[i].index, scene->node_count);
    if (desc->inverse_binds != NULL)
        for (uint32_t i = 0; i < desc->joint_count; ++i)
            for (int k = 0; k < 16; ++k)
                if (!isfinite(desc->inverse_binds[i].m[k]))
                    return ta__fail(err, TA_ERROR_NOT_A_NUMBER,
                                    "desc.inverse_binds: joint %u element %d is %.9g, not a finite number", i, k,
                                    (double)desc->inverse_binds[i].m[k]);
    scene_internal *in = ta__scene_internal(scene);
    if (scene->skin_count >= TA_NONE - 1)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "scene: already holds %u skins", scene->skin_count);
    const char *uuid = desc->uuid != NULL ? desc->uuid : "";
    size_t n = desc->joint_count, ulen = strlen(uuid) + 1;
    size_t mats, rows, joints, bytes;
    if (!ta__mul_size(n, sizeof(ta_mat4), &mats) || !ta__mul_size(n, 4 * sizeof(float), &rows) ||
        !ta__mul_size(n, sizeof(ta_node_id), &joints) || mats > SIZE_MAX - matrices_at() - rows - joints - ulen)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "desc.joint_count: %u joints do not fit in memory",
                        desc->joint_count);
    bytes = matrices_at() + mats + rows + joints + ulen;
    /* Both lists grow first, so that a failure leaves the scene as it was. */
    ta_result r = ta__reserve(&in->mem, (void **)&scene->skins, &in->skin_capacity, scene->skin_count + 1,
                              sizeof(ta_skin), err);
    if (r != TA_OK) return r;
    r = ta__reserve(&in->mem, (void **)&in->skin_blocks, &in->skin_block_capacity, scene->skin_count + 1,
                    sizeof(ta__share *), err);
    if (r != TA_OK) return r;
    unsigned char *raw = (unsigned char *)ta__alloc(&in->mem, bytes);
    if (raw == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory adding a skin");
    skin_block *b = (skin_block *)raw;
    atomic_init(&b->share.refs, 1u);
    b->share.mem = in->mem;
    b->share.free_fn = skin_block_free;
    b->bytes = bytes;
    ta_mat4 *ibm = (ta_mat4 *)(raw + matrices_at());
    float *last = (float *)(raw + matrices_at() + mats);
    ta_node_id *j = (ta_node_id *)(raw + matrices_at() + mats + rows);
    char *u = (char *)(raw + matrices_at() + mats + rows + joints);
    for (uint32_t i = 0; i < desc->joint_count; ++i) {
        ibm[i] = desc->inverse_binds != NULL ? desc->inverse_binds[i] : ta_mat4_identity();
        for (int c = 0; c < 4; ++c) last[4 * i + c] = ta__bone_last_row(ibm[i].m, c);
        j[i] = desc->joints[i];
    }
    memcpy(u, uuid, ulen);
    ta_skin *s = &scene->skins[scene->skin_count];
    s->joints = j;
    s->inverse_binds = ibm;
    s->joint_count = desc->joint_count;
    s->uuid = u;
    in->skin_blocks[scene->skin_count] = &b->share;
    if (out_skin) out_skin->index = scene->skin_count;
    scene->skin_count++;
    scene->structure_version++;
    in->rig_version++;
    in->rig.lever_known = false;
    return TA_OK;
}

const ta_skin *ta_scene_skin(const ta_scene *scene, ta_skin_id skin)
{
    if (scene == NULL || skin.index >= scene->skin_count) return NULL;
    return &scene->skins[skin.index];
}

ta_result ta_scene_bind_skin(ta_scene *scene, ta_skinned_mesh_id mesh, ta_skin_id skin, ta_bind_mode mode,
                             const ta_mat4 *bind_matrix, ta_error *err)
{
    if (scene == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "scene: is NULL");
    if (mesh.index >= scene->skinned_mesh_count)
        return ta__fail(err, TA_ERROR_MISSING_TARGET, "mesh: skinned mesh %u is not in the scene, which has %u",
                        mesh.index, scene->skinned_mesh_count);
    if (skin.index >= scene->skin_count)
        return ta__fail(err, TA_ERROR_MISSING_TARGET, "skin: skin %u is not in the scene, which has %u", skin.index,
                        scene->skin_count);
    if (mode != TA_BIND_MODE_ATTACHED && mode != TA_BIND_MODE_DETACHED)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "mode: %d is not a ta_bind_mode", (int)mode);
    if (bind_matrix != NULL)
        for (int k = 0; k < 16; ++k)
            if (!isfinite(bind_matrix->m[k]))
                return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "bind_matrix: element %d is %.9g, not a finite number", k,
                                (double)bind_matrix->m[k]);
    scene_internal *in = ta__scene_internal(scene);
    const ta_skin *s = &scene->skins[skin.index];
    ta_mesh *m = &scene->skinned_meshes[mesh.index];
    ta_node_id *bones = m->bones;
    if (m->bone_count != s->joint_count) {
        bones = (ta_node_id *)ta__calloc(&in->mem, s->joint_count, sizeof(ta_node_id));
        if (bones == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory binding a skin");
        ta__free(&in->mem, m->bones, sizeof(ta_node_id) * m->bone_count);
    }
    memcpy(bones, s->joints, sizeof(ta_node_id) * s->joint_count);
    m->bones = bones;
    m->bone_count = s->joint_count;
    m->skin = skin;
    m->bind_mode = mode;
    m->bind_matrix = bind_matrix != NULL ? *bind_matrix : ta_mat4_identity();
    scene->structure_version++;
    return TA_OK;
}

void ta__scene_free_skins(ta_scene *scene)
{
    scene_internal *in = ta__scene_internal(scene);
    for (uint32_t i = 0; i < scene->skin_count; ++i) ta__share_release(in->skin_blocks[i]);
    ta__free(&in->mem, scene->skins, sizeof(ta_skin) * in->skin_capacity);
    ta__free(&in->mem, in->skin_blocks, sizeof(ta__share *) * in->skin_block_capacity);
    scene->skins = NULL;
    in->skin_blocks = NULL;
    scene->skin_count = 0;
}

const float *ta__skin_last_rows(const ta_scene *scene, uint32_t skin)
{
    const unsigned char *raw = (const unsigned char *)ta__scene_internal(scene)->skin_blocks[skin];
    return (const float *)(const void *)(raw + matrices_at() + sizeof(ta_mat4) * scene->skins[skin].joint_count);
}
