/* The error a compressed clip is kept under, as ACL measures it. See clip_compressed.h. */
#include <math.h>
#include <string.h>

#include "animation/clip_compressed.h"

static void rest_of(const ta_node *n, double *out)
{
    out[0] = n->position.x, out[1] = n->position.y, out[2] = n->position.z;
    out[3] = n->quaternion.x, out[4] = n->quaternion.y, out[5] = n->quaternion.z, out[6] = n->quaternion.w;
    out[7] = n->scale.x, out[8] = n->scale.y, out[9] = n->scale.z;
}

static double max_abs3(ta_vec3 v)
{
    double m = fabs(v.x);
    if (fabs(v.y) > m) m = fabs(v.y);
    if (fabs(v.z) > m) m = fabs(v.z);
    return m;
}

ta_result ta__cc_rig_make(const ta__mem *mem, const ta_scene *scene, const uint32_t *bones, uint32_t bone_count,
                          ta__cc_rig *rig, ta_error *err)
{
    memset(rig, 0, sizeof *rig);
    const uint32_t n = scene->node_count;
    /* per scene node: its bone + 1 (0: none), then whether it is in the rig, then its depth */
    int32_t *mark = (int32_t *)ta__calloc(mem, 3 * (size_t)n, sizeof(int32_t));
    if (mark == NULL) return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory for the rig");
    int32_t *in = mark + n, *depth = in + n;
    for (uint32_t b = 0; b < bone_count; ++b) mark[bones[b]] = (int32_t)b + 1;
    uint32_t count = 0;
    rig->top_scale = 0;
    for (uint32_t b = 0; b < bone_count; ++b) {
        /* the nodes up to its topmost animated ancestor are in the rig */
        uint32_t top = bones[b];
        for (uint32_t p = scene->nodes[top].parent.index; p != TA_NONE; p = scene->nodes[p].parent.index)
            if (mark[p] != 0) top = p;
        for (uint32_t p = bones[b];; p = scene->nodes[p].parent.index) {
            if (!in[p]) in[p] = 1, count++;
            if (p == top) break;
        }
    }
    for (uint32_t i = 0; i < n; ++i) {
        if (!in[i]) continue;
        int32_t d = 0;
        uint32_t p = scene->nodes[i].parent.index;
        for (; p != TA_NONE && in[p]; p = scene->nodes[p].parent.index) d++;
        depth[i] = d;
        if (d == 0) { /* a topmost node: the scale of the space it sits in */
            double s = 1;
            for (; p != TA_NONE; p = scene->nodes[p].parent.index) s *= max_abs3(scene->nodes[p].scale);
            if (s > rig->top_scale) rig->top_scale = s;
        }
    }
    size_t bytes = (size_t)count * (sizeof(uint32_t) + 2 * sizeof(int32_t) + 10 * sizeof(double)) +
                   (size_t)bone_count * sizeof(uint32_t);
    unsigned char *block = (unsigned char *)ta__calloc(mem, 1, bytes);
    if (block == NULL) {
        ta__free(mem, mark, 3 * (size_t)n * sizeof(int32_t));
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "ta_clip_compress: out of memory for the rig");
    }
    rig->bytes = bytes;
    rig->rest = (double *)(void *)block;
    rig->scene_node = (uint32_t *)(void *)(rig->rest + 10 * (size_t)count);
    rig->parent = (int32_t *)(rig->scene_node + count);
    rig->bone_of = rig->parent + count;
    rig->bone_node = (uint32_t *)(rig->bone_of + count);
    rig->count = count;
    rig->bones = bone_count;
    /* parents first: by depth, then by place in the scene */
    uint32_t k = 0;
    for (int32_t d = 0; k < count; ++d)
        for (uint32_t i = 0; i < n; ++i)
            if (in[i] && depth[i] == d) {
                in[i] = (int32_t)k + 1; /* from here on: its place in the rig + 1 */
                rig->scene_node[k] = i;
                uint32_t p = scene->nodes[i].parent.index;
                rig->parent[k] = d == 0 ? -1 : in[p] - 1;
                rig->bone_of[k] = mark[i] - 1;
                if (mark[i] != 0) rig->bone_node[mark[i] - 1] = k;
                rest_of(&scene->nodes[i], rig->rest + 10 * (size_t)k);
                k++;
            }
    ta__free(mem, mark, 3 * (size_t)n * sizeof(int32_t));
    if (!(rig->top_scale > 0)) rig->top_scale = 1;
    return TA_OK;
}

void ta__cc_rig_free(const ta__mem *mem, ta__cc_rig *rig)
{
    if (rig->rest != NULL) ta__free(mem, rig->rest, rig->bytes);
    memset(rig, 0, sizeof *rig);
}

/* T R S into a 3x4 matrix, row-major: R * diag(S) | T. */
static void local_matrix(const double *trs, double *m)
{
    const double x = trs[3], y = trs[4], z = trs[5], w = trs[6];
    const double r[9] = {1 - 2 * (y * y + z * z), 2 * (x * y - w * z),     2 * (x * z + w * y),
                         2 * (x * y + w * z),     1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
                         2 * (x * z - w * y),     2 * (y * z + w * x),     1 - 2 * (x * x + y * y)};
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 3; ++j) m[4 * i + j] = r[3 * i + j] * trs[7 + j];
        m[4 * i + 3] = trs[i];
    }
}

static void compose(const double *a, const double *b, double *out)
{
    for (int i = 0; i < 3; ++i) {
        for (int j = 0; j < 4; ++j)
            out[4 * i + j] = a[4 * i] * b[j] + a[4 * i + 1] * b[4 + j] + a[4 * i + 2] * b[8 + j];
        out[4 * i + 3] += a[4 * i + 3];
    }
}

void ta__cc_object(const ta__cc_rig *rig, const double *pose, double *out)
{
    for (uint32_t i = 0; i < rig->count; ++i) {
        const double *trs = rig->bone_of[i] >= 0 ? pose + 10 * (size_t)rig->bone_of[i] : rig->rest + 10 * (size_t)i;
        double local[12];
        local_matrix(trs, local);
        if (rig->parent[i] < 0)
            memcpy(out + 12 * (size_t)i, local, sizeof local);
        else
            compose(out + 12 * (size_t)rig->parent[i], local, out + 12 * (size_t)i);
    }
}

void ta__cc_pose_error(const ta__cc_rig *rig, const double *raw, const double *lossy, double shell, double *work,
                       double *out)
{
    double *a = work, *b = work + 12 * (size_t)rig->count;
    ta__cc_object(rig, raw, a);
    ta__cc_object(rig, lossy, b);
    for (uint32_t k = 0; k < rig->bones; ++k) {
        const double *ma = a + 12 * (size_t)rig->bone_node[k], *mb = b + 12 * (size_t)rig->bone_node[k];
        double worst = 0;
        for (int axis = 0; axis < 3; ++axis) {
            double d2 = 0;
            for (int r = 0; r < 3; ++r) {
                const double d = (ma[4 * r + axis] - mb[4 * r + axis]) * shell + (ma[4 * r + 3] - mb[4 * r + 3]);
                d2 += d * d;
            }
            if (d2 > worst) worst = d2;
        }
        out[k] = sqrt(worst);
    }
}
