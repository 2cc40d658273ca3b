/* The world pass and the skinning pass, in double as three.js computes them. */
#include <string.h>

#include "core/internal.h"
#include "core/math_internal.h"
#include "threeanim/pose.h"

struct ta_pose {
    ta__mem mem;
    uint32_t capacity;     /* nodes */
    uint32_t node_count;   /* of the scene when the order was made */
    uint64_t version;      /* the scene's structure_version when the order was made */
    bool have_order;
    uint32_t generation;   /* rises with every world pass; 0 is "never" */
    double *world;         /* capacity * 16, by node index */
    uint32_t *stamp;       /* by node index: the pass that wrote its world matrix, 0 for none */
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
    p->world = (double *)ta__calloc(&mem, n * 16, sizeof(double));
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
    ta__free(&mem, pose->world, n * 16 * sizeof(double));
    ta__free(&mem, pose->stamp, n * sizeof(uint32_t));
    ta__free(&mem, pose->order, n * sizeof(ta_node_id));
    ta__free(&mem, pose->pos, n * sizeof(uint32_t));
    ta__free(&mem, pose->end, n * sizeof(uint32_t));
    ta__free(&mem, pose, sizeof *pose);
}

size_t ta_pose_bytes(const ta_pose *pose)
{
    if (pose == NULL) return 0;
    return sizeof *pose + (size_t)(pose->capacity ? pose->capacity : 1) * per_node_bytes();
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
    if (pose->have_order && pose->version == scene->structure_version && pose->node_count == scene->node_count)
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
    pose->generation = 0;
    pose->node_count = scene->node_count;
    pose->version = scene->structure_version;
    pose->have_order = true;
    return TA_OK;
}

/* out = a * b for affine a and b (last rows 0 0 0 1), in three.js's
 * multiplyMatrices order of terms: the terms it adds for the last rows are
 * exact zeros, so the sums are the same numbers. */
static void mul_affine(double *restrict out, const double *restrict a, const double *restrict b)
{
    for (int c = 0; c < 4; ++c) {
        const double b0 = b[c * 4], b1 = b[c * 4 + 1], b2 = b[c * 4 + 2];
        for (int row = 0; row < 3; ++row) {
            double s = a[row] * b0 + a[4 + row] * b1 + a[8 + row] * b2;
            out[c * 4 + row] = c == 3 ? s + a[12 + row] : s;
        }
        out[c * 4 + 3] = c == 3 ? 1.0 : 0.0;
    }
}

static void local_of(const ta_node *n, double out[16])
{
    ta__mat4d_compose(out, n->position, n->quaternion, n->scale);
}

static void world_of(ta_pose *pose, const ta_scene *scene, uint32_t node)
{
    const ta_node *n = &scene->nodes[node];
    double *w = &pose->world[(size_t)node * 16];
    if (ta_node_is_none(n->parent)) {
        local_of(n, w);
    } else {
        double local[16];
        local_of(n, local);
        mul_affine(w, &pose->world[(size_t)n->parent.index * 16], local);
    }
    pose->stamp[node] = pose->generation;
}

static void to_float(ta_mat4 *out, const double *m)
{
    for (int k = 0; k < 16; ++k) out->m[k] = (float)m[k];
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
    ta_result r = refresh(pose, scene, err);
    if (r != TA_OK) return r;
    if (++pose->generation == 0) { /* wrapped: every stamp is stale, none may look fresh */
        memset(pose->stamp, 0, sizeof(uint32_t) * (pose->capacity ? pose->capacity : 1));
        pose->generation = 1;
    }
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
                world_of(pose, scene, a.index);
                to_float(&out_world[a.index], &pose->world[(size_t)a.index * 16]);
            }
        }
    }
    for (uint32_t k = begin; k < end; ++k) {
        uint32_t node = pose->order[k].index;
        world_of(pose, scene, node);
        to_float(&out_world[node], &pose->world[(size_t)node * 16]);
    }
    return TA_OK;
}

ta_result ta_pose_skinning_pass(ta_pose *pose, const ta_scene *scene, ta_skin_id skin, ta_mat4 *out_bones,
                                uint32_t bone_count, ta_error *err)
{
    if (pose == NULL || scene == NULL || out_bones == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL",
                        pose == NULL ? "pose" : scene == NULL ? "scene" : "out_bones");
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
        if (node >= scene->node_count || pose->stamp[node] == 0)
            return ta__fail(err, TA_ERROR_BAD_STATE,
                            "skin %u: joint %u (node %u \"%s\") has no world matrix since the scene last changed; run "
                            "ta_pose_world_pass over it first",
                            skin.index, i, node, node < scene->node_count ? scene->nodes[node].name : "");
    }
    for (uint32_t i = 0; i < s->joint_count; ++i) {
        double ib[16], m[16];
        for (int k = 0; k < 16; ++k) ib[k] = s->inverse_binds[i].m[k];
        ta__mat4d_multiply(m, &pose->world[(size_t)s->joints[i].index * 16], ib);
        to_float(&out_bones[i], m);
    }
    return TA_OK;
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
        if (pose->stamp[m->node.index] == 0)
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
