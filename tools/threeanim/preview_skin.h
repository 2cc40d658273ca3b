/*
 * tools/threeanim/preview_skin.h -- the skinned meshes of a glTF file, for the
 * preview page to draw over the figure. The scene model holds no vertex data,
 * so the command reads it from the file itself: each skinned primitive's
 * triangles, positions, joints and weights, and each skin's joints (as scene
 * nodes) and inverse bind matrices. The page skins the vertices with the baked
 * joint matrices: world = sum of weight * jointWorld * inverseBind * position,
 * the glTF rule, and what three.js draws (GLTFLoader binds each skinned mesh
 * before any world matrix is worked out, so its bind matrix is the identity,
 * and an attached SkinnedMesh cancels its own world matrix).
 *
 * What it cannot draw (a file that is not glTF has no vertex data here; a
 * sparse accessor, a file over the size limits) leaves the mesh out, with a
 * note saying why: the preview never fails for it.
 *
 * Ownership: preview_skin_free frees what preview_skin_read made.
 */
#ifndef THREEANIM_TOOLS_PREVIEW_SKIN_H
#define THREEANIM_TOOLS_PREVIEW_SKIN_H

#include <stdint.h>

#include "threeanim/threeanim.h"

/* More than this many triangles in all is too slow to sort and fill on a 2D canvas. */
#define PREVIEW_SKIN_MAX_TRIANGLES 60000u

typedef struct preview_skin_prim {
    uint32_t vertex_count;
    float *pos;        /* vertex_count * 3, as the file has them */
    uint32_t *joints;  /* vertex_count * 4, into preview_skin's joint list */
    float *weights;    /* vertex_count * 4, summing to 1 */
    uint32_t *tris;    /* triangle_count * 3 */
    uint32_t triangle_count;
} preview_skin_prim;

typedef struct preview_skin {
    uint32_t joint_count;    /* over every skinned primitive, each with its own copy of its skin's joints */
    ta_node_id *joint_nodes; /* joint_count scene nodes */
    float *inverse_binds;    /* joint_count * 16, column-major */
    preview_skin_prim *prims;
    uint32_t prim_count;
    uint32_t triangle_count;
    char note[200]; /* why a skinned mesh of the file is not drawn; "" when all are */
} preview_skin;

/* Reads the skinned primitives of path (a .gltf or .glb already loaded as
 * model, whose source_nodes map glTF nodes to scene nodes). A file that is
 * not glTF gives none. Only running out of memory is refused. */
ta_result preview_skin_read(const char *path, const ta_model *model, preview_skin *out, ta_error *err);
void preview_skin_free(preview_skin *skin);

#endif
