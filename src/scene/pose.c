/* The world pass and the skinning pass, in double as three.js computes them;
 * the loops are pose_simd.c's, one set per instruction set. */
#include <stdint.h>
#include <string.h>

#include "core/internal.h"
#include "core/math_internal.h"
#include "scene/pose_internal.h"
#include "scene/scene_internal.h"
#include "threeanim/pose.h"

struct ta_pose {
    ta__mem mem;
    uint32_t capacity;     /* nodes */
    uint32_t node_count;   /* of the scene when the order was made */
    uintptr_t scene_at;    /* the address of the scene it was made of: compared, never followed (it may be gone) */
    uint64_t tree_hash;    /* that scene's tree hash then (scene_internal.h) */
    bool have_order;
    uint32_t generation;   /* rises with every world pass; 0 is "never" */
    double *world;         /* capacity * 16, by node index; on a 64-byte line, so that a node's 128 bytes are two lines */
    void *world_block;     /* what world is in: TA__LINE bytes more */
    uint32_t *stamp;       /* by node index: the pass that wrote its world matrix, 0 for none */
    bool all_written;      /* a lane pass (every node) ran since the order was made: the stamps are not needed */
    bool forgotten;        /* the last pass kept no doubles: no node has a world matrix */
    const ta__pose_kernels *kernels;
    int level;             /* of kernels: TA__POSE_* */
    ta_node_id *order;     /* parent first */
    uint32_t *pos;         /* by node index: its place in order */
    uint32_t *end;         /* by node index: one past the last place of its subtree in order */
};

static size_t per_node_bytes(void)
{
    return 16 * sizeof(double) + 3 * sizeof(uint32_t) + sizeof(ta_node_id);
}

ta_result ta_pose_create(const ta_scene *scene, const ta_pose_options *options, ta_pose **out_pose, ta_error *err)
{
    if (scene == NULL || out_pose == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", scene == NULL ? "scene" : "out_pose");
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, options ? options->allocator : NULL, err);
    if (r != TA_OK) return r;
    uint32_t cap = options && options->node_capacity ? options->node_capacity : scene->node_count;
    if (cap < scene->node_count)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "options.node_capacity: %u is below the scene's %u nodes", cap,
                        scene->node_count);
    size_t n = cap ? cap : 1;
    ta_pose *p = (ta_pose *)ta__calloc(&mem, 1, sizeof *p);
    if (p == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a pose");
    p->mem = mem;
    p->capacity = cap;
    p->level = ta__pose_baseline_level();
    p->kernels = ta__pose_kernels_for(p->level);
    p->world_block = ta__calloc(&mem, n * 16 * sizeof(double) + TA__LINE, 1);
    p->world = p->world_block == NULL ? NULL : (double *)ta__line_up(p->world_block);
    p->stamp = (uint32_t *)ta__calloc(&mem, n, sizeof(uint32_t));
    p->order = (ta_node_id *)ta__calloc(&mem, n, sizeof(ta_node_id));
    p->pos = (uint32_t *)ta__calloc(&mem, n, sizeof(uint32_t));
    p->end = (uint32_t *)ta__calloc(&mem, n, sizeof(uint32_t));
    if (!p->world || !p->stamp || !p->order || !p->pos || !p->end) {
        ta_pose_destroy(p);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a pose of %u nodes", cap);
    }
    *out_pose = p;
    return TA_OK;
}

void ta_pose_destroy(ta_pose *pose)
{
    if (pose == NULL) return;
    ta__mem mem = pose->mem;
    size_t n = pose->capacity ? pose->capacity : 1;
    ta__free(&mem, pose->world_block, n * 16 * sizeof(double) + TA__LINE);
    ta__free(&mem, pose->stamp, n * sizeof(uint32_t));
    ta__free(&mem, pose->order, n * sizeof(ta_node_id));
    ta__free(&mem, pose->pos, n * sizeof(uint32_t));
    ta__free(&mem, pose->end, n * sizeof(uint32_t));
    ta__free(&mem, pose, sizeof *pose);
}

size_t ta_pose_bytes(const ta_pose *pose)
{
    if (pose == NULL) return 0;
    return sizeof *pose + TA__LINE + (size_t)(pose->capacity ? pose->capacity : 1) * per_node_bytes();
}

typedef struct order_state {
    ta_pose *pose;
    uint32_t count;
} order_state;

static bool order_visit(const ta_scene *scene, ta_node_id node, void *user)
{
    (void)scene;
    order_state *st = (order_state *)user;
    st->pose->pos[node.index] = st->count;
    st->pose->order[st->count++] = node;
    return true;
}

/* Re-reads the tree when it changed: the parent-first order and each
 * subtree's extent in it. The world matrices kept are forgotten. */
static ta_result refresh(ta_pose *pose, const ta_scene *scene, ta_error *err)
{
    if (scene->node_count > pose->capacity)
        return ta__fail(err, TA_ERROR_BAD_STATE,
                        "scene: has %u nodes, more than the %u the pose was made for; make a pose for it", scene->node_count,
                        pose->capacity);
    /* The tree's hash, not structure_version: a scene made in the place of a destroyed one counts its
     * versions from 0 as that one did, so that another tree of as many nodes came with the same number
     * (the old order kept, and its subtrees: found by fuzz_frame); and a node's new name, which a
     * string track gives every frame, moves the version and not the tree. */
    if (pose->have_order && pose->scene_at == (uintptr_t)scene && pose->tree_hash == ta__scene_internal(scene)->tree_hash &&
        pose->node_count == scene->node_count)
        return TA_OK;
    order_state st = {pose, 0};
    ta_scene_traverse(scene, ta_node_none(), order_visit, &st);
    /* Subtree sizes, children before parents (the order reversed), then ends. */
    for (uint32_t i = 0; i < st.count; ++i) pose->end[pose->order[i].index] = 1;
    for (uint32_t k = st.count; k-- > 0;) {
        ta_node_id n = pose->order[k];
        ta_node_id parent = scene->nodes[n.index].parent;
        if (!ta_node_is_none(parent)) pose->end[parent.index] += pose->end[n.index];
    }
    for (uint32_t i = 0; i < st.count; ++i) {
        uint32_t n = pose->order[i].index;
        pose->end[n] += pose->pos[n];
    }
    memset(pose->stamp, 0, sizeof(uint32_t) * (pose->capacity ? pose->capacity : 1));
    pose->all_written = false;
    pose->generation = 0;
    pose->node_count = scene->node_count;
    pose->scene_at = (uintptr_t)scene;
    pose->tree_hash = ta__scene_internal(scene)->tree_hash;
    pose->have_order = true;
    return TA_OK;
}

int ta__pose_use(ta_pose *pose, int level)
{
    const ta__pose_kernels *k = ta__pose_kernels_for(level);
    if (k == NULL) return 0;
    pose->kernels = k;
    pose->level = level;
    return 1;
}

void ta__pose_forget_world(ta_pose *pose)
{
    pose->forgotten = true;
}

const double *ta__pose_world_doubles(const ta_pose *pose)
{
    return pose->world;
}

void ta__pose_prefetch(const ta_pose *pose, unsigned stage)
{
    if (stage >= 2)
        ta__prefetch_lines(pose, sizeof *pose, true);
    else if (pose->have_order) /* read by the lane pass */
        ta__prefetch_lines(pose->order, sizeof *pose->order * pose->node_count, false);
}

uint32_t ta__pose_capacity(const ta_pose *pose)
{
    return pose->capacity;
}

int ta__pose_level(const ta_pose *pose)
{
    return pose->level;
}

/* Whether node has a world matrix since the tree last changed. */
static bool has_world(const ta_pose *pose, uint32_t node)
{
    return !pose->forgotten && (pose->all_written || pose->stamp[node] != 0);
}

static void to_float(ta_mat4 *out, const double *m)
{
    for (int k = 0; k < 16; ++k) out->m[k] = (float)m[k];
}

/* A new world pass: the order read again if the tree changed, a new generation. */
/* every_node: the pass writes every node's world matrix (the lane pass), and
 * says so with all_written, which makes the stamps unread until a pass of fewer
 * nodes; each way back to all_written false clears them first. */
static ta_result begin_pass(ta_pose *pose, const ta_scene *scene, bool every_node, ta_error *err)
{
    ta_result r = refresh(pose, scene, err);
    if (r != TA_OK) return r;
    if (pose->forgotten) { /* the nodes this pass leaves out have no world matrix either */
        /* a frame that keeps no doubles forgets them every frame; its lane pass clearing the
         * stamps each time was 1.7% of the wasm crowd's profile (docs/performance.md) */
        if (!every_node) memset(pose->stamp, 0, sizeof(uint32_t) * (pose->capacity ? pose->capacity : 1));
        pose->all_written = every_node;
        pose->forgotten = false;
    }
    if (++pose->generation == 0) { /* wrapped: every stamp is stale, none may look fresh */
        memset(pose->stamp, 0, sizeof(uint32_t) * (pose->capacity ? pose->capacity : 1));
        pose->generation = 1;
    }
    return TA_OK;
}

ta_result ta__pose_begin_lanes(ta_pose *pose, const ta_scene *scene, ta__pose_lane *out, ta_error *err)
{
    ta_result r = begin_pass(pose, scene, true, err);
    if (r != TA_OK) return r;
    out->world = pose->world;
    out->order = pose->order;
    /* the lane pass writes every node: one flag for all, where the column loops stamp each node */
    pose->all_written = true;
    return TA_OK;
}

ta_result ta_pose_world_pass(ta_pose *pose, const ta_scene *scene, ta_node_id root, ta_mat4 *out_world,
                             uint32_t world_count, ta_error *err)
{
    if (pose == NULL || scene == NULL || out_world == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL",
                        pose == NULL ? "pose" : scene == NULL ? "scene" : "out_world");
    if (!ta_node_is_none(root) && root.index >= scene->node_count)
        return ta__fail(err, TA_ERROR_MISSING_TARGET, "root: node %u is not in the scene, which has %u nodes",
                        root.index, scene->node_count);
    if (world_count < scene->node_count)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "world_count: %u is below the scene's %u nodes", world_count,
                        scene->node_count);
    return ta__pose_world(pose, scene, root, out_world, err);
}

ta_result ta__pose_world(ta_pose *pose, const ta_scene *scene, ta_node_id root, ta_mat4 *out_world, ta_error *err)
{
    ta_result r = begin_pass(pose, scene, false, err);
    if (r != TA_OK) return r;
    uint32_t begin = 0, end = scene->node_count;
    if (!ta_node_is_none(root)) {
        begin = pose->pos[root.index];
        end = pose->end[root.index];
        /* The ancestors first, top down, as updateMatrixWorld(true) on the root
         * would find them after the scene's own update. Their places in the
         * order rise from the top, so the order itself lists them top down. */
        ta_node_id p = scene->nodes[root.index].parent;
        if (!ta_node_is_none(p)) {
            uint32_t depth = 0;
            for (ta_node_id a = p; !ta_node_is_none(a); a = scene->nodes[a.index].parent) depth++;
            for (uint32_t level = depth; level-- > 0;) {
                ta_node_id a = p;
                for (uint32_t up = 0; up < level; ++up) a = scene->nodes[a.index].parent;
                pose->kernels->world(scene->nodes, &a, 0, 1, pose->world, out_world, pose->stamp, pose->generation);
            }
        }
    }
    pose->kernels->world(scene->nodes, pose->order, begin, end, pose->world, out_world, pose->stamp, pose->generation);
    return TA_OK;
}

/* Both skinning passes: the skin, room for its bones, a world matrix for
 * every joint, then the bones as 4x4 (rows 0) or 3x4 rows. */
static ta_result skinning(ta_pose *pose, const ta_scene *scene, ta_skin_id skin, float *out, const char *out_name,
                          uint32_t bone_count, int rows, ta_error *err)
{
    if (pose == NULL || scene == NULL || out == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL",
                        pose == NULL ? "pose" : scene == NULL ? "scene" : out_name);
    const ta_skin *s = ta_scene_skin(scene, skin);
    if (s == NULL)
        return ta__fail(err, TA_ERROR_MISSING_TARGET, "skin: skin %u is not in the scene, which has %u", skin.index,
                        scene->skin_count);
    if (bone_count < s->joint_count)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "bone_count: %u is below the skin's %u joints", bone_count,
                        s->joint_count);
    ta_result r = refresh(pose, scene, err);
    if (r != TA_OK) return r;
    for (uint32_t i = 0; i < s->joint_count; ++i) {
        uint32_t node = s->joints[i].index;
        if (node >= scene->node_count || !has_world(pose, node))
            return ta__fail(err, TA_ERROR_BAD_STATE,
                            "skin %u: joint %u (node %u \"%s\") has no world matrix since the scene last changed; run "
                            "ta_pose_world_pass over it first",
                            skin.index, i, node, node < scene->node_count ? scene->nodes[node].name : "");
    }
    pose->kernels->bones(pose->world, s->joints, s->inverse_binds, s->joint_count, out, rows);
    return TA_OK;
}

ta_result ta_pose_skinning_pass(ta_pose *pose, const ta_scene *scene, ta_skin_id skin, ta_mat4 *out_bones,
                                uint32_t bone_count, ta_error *err)
{
    return skinning(pose, scene, skin, out_bones ? out_bones->m : NULL, "out_bones", bone_count, 0, err);
}

ta_result ta_pose_skinning_pass_rows(ta_pose *pose, const ta_scene *scene, ta_skin_id skin, float *out_rows,
                                     uint32_t bone_count, ta_error *err)
{
    return skinning(pose, scene, skin, out_rows, "out_rows", bone_count, 1, err);
}

ta_result ta_pose_bind_matrix_inverse(ta_pose *pose, const ta_scene *scene, ta_skinned_mesh_id mesh, ta_mat4 *out,
                                      ta_error *err)
{
    if (pose == NULL || scene == NULL || out == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL",
                        pose == NULL ? "pose" : scene == NULL ? "scene" : "out");
    const ta_mesh *m = ta_scene_skinned_mesh_const(scene, mesh);
    if (m == NULL)
        return ta__fail(err, TA_ERROR_MISSING_TARGET, "mesh: skinned mesh %u is not in the scene, which has %u",
                        mesh.index, scene->skinned_mesh_count);
    double src[16], inv[16];
    if (m->bind_mode == TA_BIND_MODE_DETACHED) {
        for (int k = 0; k < 16; ++k) src[k] = m->bind_matrix.m[k];
    } else {
        ta_result r = refresh(pose, scene, err);
        if (r != TA_OK) return r;
        if (!has_world(pose, m->node.index))
            return ta__fail(err, TA_ERROR_BAD_STATE,
                            "mesh: skinned mesh %u's node %u \"%s\" has no world matrix since the scene last changed; "
                            "run ta_pose_world_pass over it first",
                            mesh.index, m->node.index, scene->nodes[m->node.index].name);
        memcpy(src, &pose->world[(size_t)m->node.index * 16], sizeof src);
    }
    ta__mat4d_invert(inv, src);
    to_float(out, inv);
    return TA_OK;
}

ta_result ta_pose_socket_find(const ta_scene *scene, const char *name, ta_pose_socket *out_socket, ta_error *err)
{
    if (scene == NULL || name == NULL || out_socket == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL",
                        scene == NULL ? "scene" : name == NULL ? "name" : "out_socket");
    ta_node_id node;
    if (ta_scene_find_by_name(scene, name, &node, NULL) != TA_OK &&
        ta_scene_find_by_uuid(scene, name, &node, NULL) != TA_OK)
        return ta__fail(err, TA_ERROR_NOT_FOUND, "name: no node named \"%s\" (nor with that uuid)", name);
    out_socket->node = node;
    return TA_OK;
}

ta_result ta_pose_socket_world(ta_pose *pose, const ta_scene *scene, ta_pose_socket socket, ta_mat4 *out,
                               ta_error *err)
{
    if (pose == NULL || scene == NULL || out == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL",
                        pose == NULL ? "pose" : scene == NULL ? "scene" : "out");
    uint32_t node = socket.node.index;
    if (ta_node_is_none(socket.node) || node >= scene->node_count)
        return ta__fail(err, TA_ERROR_MISSING_TARGET, "socket: node %u is not in the scene, which has %u nodes", node,
                        scene->node_count);
    ta_result r = refresh(pose, scene, err);
    if (r != TA_OK) return r;
    if (!has_world(pose, node))
        return ta__fail(err, TA_ERROR_BAD_STATE,
                        "socket: node %u \"%s\" has no world matrix since the scene last changed; run "
                        "ta_pose_world_pass over it first",
                        node, scene->nodes[node].name);
    to_float(out, &pose->world[(size_t)node * 16]);
    return TA_OK;
}

ta_result ta_pose_order(ta_pose *pose, const ta_scene *scene, const ta_node_id **out_order, uint32_t *out_count,
                        ta_error *err)
{
    if (pose == NULL || scene == NULL || out_order == NULL || out_count == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL",
                        pose == NULL    ? "pose"
                        : scene == NULL ? "scene"
                        : out_order == NULL ? "out_order"
                                            : "out_count");
    ta_result r = refresh(pose, scene, err);
    if (r != TA_OK) return r;
    *out_order = pose->order;
    *out_count = scene->node_count;
    return TA_OK;
}
