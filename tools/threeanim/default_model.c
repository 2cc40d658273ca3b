/* The bundled default model (default_model.h). */
#include <math.h>
#include <string.h>

#include "default_model.h"
#include "glb_writer.h"

#define PI 3.14159265358979323846

/* ---- the rig ------------------------------------------------------------------------ */

enum {
    N_RIG, N_HIPS, N_SPINE, N_HEAD,
    N_UPPER_ARM_L, N_LOWER_ARM_L, N_HAND_L,
    N_UPPER_ARM_R, N_LOWER_ARM_R, N_HAND_R,
    N_THIGH_L, N_SHIN_L, N_FOOT_L,
    N_THIGH_R, N_SHIN_R, N_FOOT_R,
    N_BODY, N_FACE, N_BUBBLE,
    NODE_COUNT
};
#define FIRST_BONE N_HIPS
#define BONE_COUNT 15

typedef struct node_def {
    const char *name;
    int parent;
    double t[3]; /* rest translation, from the parent */
} node_def;

static const node_def nodes[NODE_COUNT] = {
    {"Rig", -1, {0, 0, 0}},
    {"hips", N_RIG, {0, 0.95, 0}},
    {"spine", N_HIPS, {0, 0.28, 0}},
    {"head", N_SPINE, {0, 0.30, 0}},
    {"upper_arm_L", N_SPINE, {0.19, 0.22, 0}},
    {"lower_arm_L", N_UPPER_ARM_L, {0, -0.28, 0}},
    {"hand_L", N_LOWER_ARM_L, {0, -0.25, 0}},
    {"upper_arm_R", N_SPINE, {-0.19, 0.22, 0}},
    {"lower_arm_R", N_UPPER_ARM_R, {0, -0.28, 0}},
    {"hand_R", N_LOWER_ARM_R, {0, -0.25, 0}},
    {"thigh_L", N_HIPS, {0.10, -0.04, 0}},
    {"shin_L", N_THIGH_L, {0, -0.43, 0}},
    {"foot_L", N_SHIN_L, {0, -0.43, 0}},
    {"thigh_R", N_HIPS, {-0.10, -0.04, 0}},
    {"shin_R", N_THIGH_R, {0, -0.43, 0}},
    {"foot_R", N_SHIN_R, {0, -0.43, 0}},
    {"Body", N_RIG, {0, 0, 0}},
    {"Face", N_HEAD, {0, 0.13, 0}},
    {"Bubble", N_HEAD, {0.24, 0.30, 0}},
};

static void world_rest(int n, double out[3])
{
    out[0] = out[1] = out[2] = 0;
    for (; n >= 0; n = nodes[n].parent)
        for (int i = 0; i < 3; ++i) out[i] += nodes[n].t[i];
}

static json_t *vec(const double *v, int n)
{
    json_t *a = json_array();
    for (int i = 0; i < n; ++i) json_array_append_new(a, json_real((float)v[i]));
    return a;
}

static void add_nodes(glb_writer *w)
{
    json_t *list = glb_list(w, "nodes");
    for (int n = 0; n < NODE_COUNT; ++n) {
        json_t *node = json_object();
        json_object_set_new(node, "name", json_string(nodes[n].name));
        json_t *children = json_array();
        for (int c = 0; c < NODE_COUNT; ++c)
            if (nodes[c].parent == n) json_array_append_new(children, json_integer(c));
        if (json_array_size(children) > 0)
            json_object_set_new(node, "children", children);
        else
            json_decref(children);
        const double *t = nodes[n].t;
        if (t[0] != 0 || t[1] != 0 || t[2] != 0) json_object_set_new(node, "translation", vec(t, 3));
        if (n == N_BODY) {
            json_object_set_new(node, "mesh", json_integer(0));
            json_object_set_new(node, "skin", json_integer(0));
        } else if (n == N_FACE) {
            json_object_set_new(node, "mesh", json_integer(1));
        } else if (n == N_BUBBLE) {
            json_object_set_new(node, "mesh", json_integer(2));
        }
        json_array_append_new(list, node);
    }
    json_array_append_new(glb_list(w, "scenes"), json_pack("{s:s, s:[i]}", "name", "Scene", "nodes", N_RIG));
    json_object_set_new(w->doc, "scene", json_integer(0));
}

/* ---- meshes --------------------------------------------------------------------------- */

typedef struct mesh_data {
    float pos[160 * 3];
    uint16_t joints[160 * 4];
    float weights[160 * 4];
    uint16_t index[720];
    uint32_t verts, indices;
} mesh_data;

static void normalize3(double v[3])
{
    double l = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
    for (int i = 0; i < 3; ++i) v[i] /= l;
}

static void cross3(const double a[3], const double b[3], double out[3])
{
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

/* A box from a to b, r thick, every vertex bound to one joint. */
static void add_box(mesh_data *m, const double a[3], const double b[3], double r, uint16_t joint)
{
    double u[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, helper[3] = {0, 0, 1}, v[3], s[3];
    normalize3(u);
    if (fabs(u[2]) > 0.9) {
        helper[0] = 1;
        helper[2] = 0;
    }
    cross3(u, helper, v);
    normalize3(v);
    cross3(u, v, s);
    uint32_t base = m->verts;
    for (int end = 0; end < 2; ++end)
        for (int k = 0; k < 4; ++k) {
            const double *p = end == 0 ? a : b;
            double sv = (k & 1) ? r : -r, ss = (k & 2) ? r : -r;
            for (int i = 0; i < 3; ++i) m->pos[m->verts * 3 + i] = (float)(p[i] + sv * v[i] + ss * s[i]);
            m->joints[m->verts * 4] = joint;
            m->weights[m->verts * 4] = 1.0f;
            m->verts++;
        }
    /* corners: end*4 + (k&1) + (k&2); the six faces as two triangles each */
    static const uint16_t faces[36] = {0, 1, 3, 0, 3, 2, 4, 6, 7, 4, 7, 5, 0, 4, 5, 0, 5, 1,
                                       2, 3, 7, 2, 7, 6, 0, 2, 6, 0, 6, 4, 1, 5, 7, 1, 7, 3};
    for (int i = 0; i < 36; ++i) m->index[m->indices++] = (uint16_t)(base + faces[i]);
}

static json_t *primitive(glb_writer *w, const mesh_data *m, bool skinned, int material)
{
    uint32_t pos = glb_floats(w, m->pos, m->verts, "VEC3", GLB_ARRAY_BUFFER, true);
    json_t *attrs = json_pack("{s:i}", "POSITION", (int)pos);
    if (skinned) {
        json_object_set_new(attrs, "JOINTS_0", json_integer(glb_ushorts(w, m->joints, m->verts, "VEC4", GLB_ARRAY_BUFFER)));
        json_object_set_new(attrs, "WEIGHTS_0",
                            json_integer(glb_floats(w, m->weights, m->verts, "VEC4", GLB_ARRAY_BUFFER, false)));
    }
    uint32_t idx = glb_ushorts(w, m->index, m->indices, "SCALAR", GLB_ELEMENT_ARRAY_BUFFER);
    return json_pack("{s:o, s:i, s:i, s:i}", "attributes", attrs, "indices", (int)idx, "material", material, "mode", 4);
}

static void add_meshes(glb_writer *w)
{
    mesh_data m; /* about 7 KiB, reused for each mesh */
    json_t *meshes = glb_list(w, "meshes");

    /* Body: a box along each bone from its parent bone, bound to the parent;
     * a small block at each hand and foot. */
    memset(&m, 0, sizeof m);
    for (int n = FIRST_BONE + 1; n < FIRST_BONE + BONE_COUNT; ++n) {
        double a[3], b[3];
        world_rest(nodes[n].parent, a);
        world_rest(n, b);
        double r = nodes[n].parent == N_HIPS || n == N_HEAD ? 0.07 : 0.045;
        if (n == N_SPINE) r = 0.1;
        add_box(&m, a, b, r, (uint16_t)(nodes[n].parent - FIRST_BONE));
    }
    static const int ends[] = {N_HAND_L, N_HAND_R, N_FOOT_L, N_FOOT_R};
    for (int i = 0; i < 4; ++i) {
        double a[3], b[3];
        world_rest(ends[i], a);
        world_rest(ends[i], b);
        if (ends[i] == N_FOOT_L || ends[i] == N_FOOT_R) {
            a[1] -= 0.03;
            b[1] -= 0.03;
            b[2] += 0.16;
            a[2] -= 0.03;
        } else {
            b[1] -= 0.1;
        }
        add_box(&m, a, b, 0.04, (uint16_t)(ends[i] - FIRST_BONE));
    }
    json_t *body = json_pack("{s:s, s:[o]}", "name", "Body", "primitives", primitive(w, &m, true, 0));
    json_array_append_new(meshes, body);

    /* Face: a head-sized box with one morph target, "smile", that pulls the
     * lower front corners out and up. */
    memset(&m, 0, sizeof m);
    double lo[3] = {0, -0.11, 0}, hi[3] = {0, 0.11, 0};
    add_box(&m, lo, hi, 0.09, 0);
    float smile[8 * 3];
    memset(smile, 0, sizeof smile);
    for (uint32_t v = 0; v < 8; ++v) {
        const float *p = &m.pos[v * 3];
        if (p[1] < 0 && p[2] > 0) {
            smile[v * 3 + 0] = p[0] > 0 ? 0.035f : -0.035f;
            smile[v * 3 + 1] = 0.03f;
        }
    }
    json_t *face_prim = primitive(w, &m, false, 1);
    uint32_t target = glb_floats(w, smile, 8, "VEC3", GLB_ARRAY_BUFFER, true);
    json_object_set_new(face_prim, "targets", json_pack("[{s:i}]", "POSITION", (int)target));
    json_array_append_new(meshes, json_pack("{s:s, s:[o], s:[f], s:{s:[s]}}", "name", "Face", "primitives", face_prim,
                                            "weights", 0.0, "extras", "targetNames", "smile"));

    /* Bubble: a flat card beside the head. */
    memset(&m, 0, sizeof m);
    static const float card[4 * 3] = {-0.13f, -0.08f, 0, 0.13f, -0.08f, 0, 0.13f, 0.08f, 0, -0.13f, 0.08f, 0};
    memcpy(m.pos, card, sizeof card);
    m.verts = 4;
    static const uint16_t card_index[6] = {0, 1, 2, 0, 2, 3};
    memcpy(m.index, card_index, sizeof card_index);
    m.indices = 6;
    json_array_append_new(meshes, json_pack("{s:s, s:[o]}", "name", "Bubble", "primitives", primitive(w, &m, false, 2)));
}

static void add_materials(glb_writer *w)
{
    json_t *list = glb_list(w, "materials");
    json_array_append_new(list, json_pack("{s:s, s:{s:[f,f,f,f], s:f, s:f}}", "name", "Skin", "pbrMetallicRoughness",
                                          "baseColorFactor", 0.62, 0.42, 0.3, 1.0, "metallicFactor", 0.0,
                                          "roughnessFactor", 0.8));
    json_array_append_new(list, json_pack("{s:s, s:{s:[f,f,f,f], s:f, s:f}}", "name", "FaceSkin", "pbrMetallicRoughness",
                                          "baseColorFactor", 0.8, 0.58, 0.43, 1.0, "metallicFactor", 0.0,
                                          "roughnessFactor", 0.7));
    json_array_append_new(list, json_pack("{s:s, s:{s:[f,f,f,f], s:f, s:f}, s:s, s:b}", "name", "BubbleCard",
                                          "pbrMetallicRoughness", "baseColorFactor", 1.0, 1.0, 1.0, 0.0,
                                          "metallicFactor", 0.0, "roughnessFactor", 1.0, "alphaMode", "BLEND",
                                          "doubleSided", 1));
}

static void add_skin(glb_writer *w)
{
    float ibm[BONE_COUNT * 16];
    json_t *joints = json_array();
    for (int b = 0; b < BONE_COUNT; ++b) {
        double p[3];
        world_rest(FIRST_BONE + b, p);
        float *m = &ibm[b * 16];
        memset(m, 0, 16 * sizeof(float));
        m[0] = m[5] = m[10] = m[15] = 1.0f;
        m[12] = (float)-p[0];
        m[13] = (float)-p[1];
        m[14] = (float)-p[2];
        json_array_append_new(joints, json_integer(FIRST_BONE + b));
    }
    uint32_t acc = glb_floats(w, ibm, BONE_COUNT, "MAT4", GLB_NO_TARGET, false);
    json_array_append_new(glb_list(w, "skins"), json_pack("{s:s, s:i, s:i, s:o}", "name", "Skeleton",
                                                          "inverseBindMatrices", (int)acc, "skeleton", N_HIPS,
                                                          "joints", joints));
}

/* ---- clips --------------------------------------------------------------------------- */

/* three.js Quaternion.setFromEuler, order XYZ, in double. */
static void euler_quat_d(const double e[3], double q[4])
{
    double c1 = cos(e[0] / 2), c2 = cos(e[1] / 2), c3 = cos(e[2] / 2);
    double s1 = sin(e[0] / 2), s2 = sin(e[1] / 2), s3 = sin(e[2] / 2);
    q[0] = s1 * c2 * c3 + c1 * s2 * s3;
    q[1] = c1 * s2 * c3 - s1 * c2 * s3;
    q[2] = c1 * c2 * s3 + s1 * s2 * c3;
    q[3] = c1 * c2 * c3 - s1 * s2 * s3;
}

static void euler_quat(double x, double y, double z, float out[4])
{
    double e[3] = {x, y, z}, q[4];
    euler_quat_d(e, q);
    for (int i = 0; i < 4; ++i) out[i] = (float)q[i];
}

/* A pose as a function of time: Euler XYZ angles of a node (or a translation). */
typedef void (*curve_fn)(double t, double out[3]);

typedef struct clip_builder {
    glb_writer *w;
    json_t *channels, *samplers;
} clip_builder;

static void channel(clip_builder *c, int node, const char *path, uint32_t input, uint32_t output, const char *interp)
{
    uint32_t s = (uint32_t)json_array_size(c->samplers);
    json_array_append_new(c->samplers, json_pack("{s:i, s:s, s:i}", "input", (int)input, "interpolation", interp,
                                                 "output", (int)output));
    json_array_append_new(c->channels, json_pack("{s:i, s:{s:i, s:s}}", "sampler", (int)s, "target", "node", node,
                                                 "path", path));
}

static void rotation_channel(clip_builder *c, int node, const double *times, uint32_t n, uint32_t input, curve_fn f)
{
    float q[64 * 4];
    for (uint32_t k = 0; k < n; ++k) {
        double e[3];
        f(times[k], e);
        euler_quat(e[0], e[1], e[2], &q[k * 4]);
    }
    channel(c, node, "rotation", input, glb_floats(c->w, q, n, "VEC4", GLB_NO_TARGET, false), "LINEAR");
}

static void translation_channel(clip_builder *c, int node, const double *times, uint32_t n, uint32_t input, curve_fn f)
{
    float p[64 * 3];
    for (uint32_t k = 0; k < n; ++k) {
        double v[3];
        f(times[k], v);
        for (int i = 0; i < 3; ++i) p[k * 3 + i] = (float)v[i];
    }
    channel(c, node, "translation", input, glb_floats(c->w, p, n, "VEC3", GLB_NO_TARGET, false), "LINEAR");
}

static uint32_t even_times(glb_writer *w, double duration, uint32_t n, double *times)
{
    float t[64];
    for (uint32_t k = 0; k < n; ++k) {
        times[k] = duration * k / (n - 1);
        t[k] = (float)times[k];
    }
    return glb_floats(w, t, n, "SCALAR", GLB_NO_TARGET, true);
}

static void begin_clip(clip_builder *c, glb_writer *w)
{
    c->w = w;
    c->channels = json_array();
    c->samplers = json_array();
}

static void end_clip(clip_builder *c, const char *name)
{
    json_array_append_new(glb_list(c->w, "animations"),
                          json_pack("{s:s, s:o, s:o}", "name", name, "channels", c->channels, "samplers", c->samplers));
}

/* walk: one stride a second; the legs swing +-0.45 rad, the arms against them. */
#define WALK_T 1.0
static double walk_p(double t) { return 2 * PI * t / WALK_T; }
static void walk_hips_t(double t, double o[3]) { o[0] = 0; o[1] = 0.95 + 0.02 * cos(2 * walk_p(t)); o[2] = 0; }
static void walk_hips_r(double t, double o[3]) { o[0] = 0; o[1] = 0.10 * sin(walk_p(t)); o[2] = 0.03 * sin(walk_p(t)); }
static void walk_spine(double t, double o[3]) { o[0] = 0.05; o[1] = -0.16 * sin(walk_p(t)); o[2] = 0; }
static void walk_head(double t, double o[3]) { o[0] = -0.05; o[1] = 0.06 * sin(walk_p(t)); o[2] = 0; }
static void walk_thigh_l(double t, double o[3]) { o[0] = -0.45 * sin(walk_p(t)); o[1] = o[2] = 0; }
static void walk_thigh_r(double t, double o[3]) { o[0] = 0.45 * sin(walk_p(t)); o[1] = o[2] = 0; }
static void walk_shin_l(double t, double o[3]) { o[0] = 0.35 + 0.33 * sin(walk_p(t) - 1.2); o[1] = o[2] = 0; }
static void walk_shin_r(double t, double o[3]) { o[0] = 0.35 + 0.33 * sin(walk_p(t) - 1.2 + PI); o[1] = o[2] = 0; }
static void walk_foot_l(double t, double o[3]) { o[0] = -0.15 * sin(walk_p(t) + 0.5); o[1] = o[2] = 0; }
static void walk_foot_r(double t, double o[3]) { o[0] = 0.15 * sin(walk_p(t) + 0.5); o[1] = o[2] = 0; }
static void walk_arm_l(double t, double o[3]) { o[0] = 0.40 * sin(walk_p(t)); o[1] = 0; o[2] = 0.08; }
static void walk_arm_r(double t, double o[3]) { o[0] = -0.40 * sin(walk_p(t)); o[1] = 0; o[2] = -0.08; }
static void walk_fore_l(double t, double o[3]) { o[0] = -0.30 - 0.15 * sin(walk_p(t)); o[1] = o[2] = 0; }
static void walk_fore_r(double t, double o[3]) { o[0] = -0.30 + 0.15 * sin(walk_p(t)); o[1] = o[2] = 0; }

/* run: a stride in 0.6 s, leaning forward, elbows bent. */
#define RUN_T 0.6
static double run_p(double t) { return 2 * PI * t / RUN_T; }
static void run_hips_t(double t, double o[3]) { o[0] = 0; o[1] = 0.90 + 0.05 * cos(2 * run_p(t)); o[2] = 0; }
static void run_hips_r(double t, double o[3]) { o[0] = 0; o[1] = 0.15 * sin(run_p(t)); o[2] = 0; }
static void run_spine(double t, double o[3]) { o[0] = 0.22; o[1] = -0.22 * sin(run_p(t)); o[2] = 0; }
static void run_head(double t, double o[3]) { o[0] = -0.18; o[1] = 0.08 * sin(run_p(t)); o[2] = 0; }
static void run_thigh_l(double t, double o[3]) { o[0] = -0.15 - 0.80 * sin(run_p(t)); o[1] = o[2] = 0; }
static void run_thigh_r(double t, double o[3]) { o[0] = -0.15 + 0.80 * sin(run_p(t)); o[1] = o[2] = 0; }
static void run_shin_l(double t, double o[3]) { o[0] = 0.80 + 0.60 * sin(run_p(t) - 1.0); o[1] = o[2] = 0; }
static void run_shin_r(double t, double o[3]) { o[0] = 0.80 + 0.60 * sin(run_p(t) - 1.0 + PI); o[1] = o[2] = 0; }
static void run_foot_l(double t, double o[3]) { o[0] = -0.25 * sin(run_p(t) + 0.5); o[1] = o[2] = 0; }
static void run_foot_r(double t, double o[3]) { o[0] = 0.25 * sin(run_p(t) + 0.5); o[1] = o[2] = 0; }
static void run_arm_l(double t, double o[3]) { o[0] = 0.70 * sin(run_p(t)); o[1] = 0; o[2] = 0.10; }
static void run_arm_r(double t, double o[3]) { o[0] = -0.70 * sin(run_p(t)); o[1] = 0; o[2] = -0.10; }
static void run_fore_l(double t, double o[3]) { o[0] = -1.30 - 0.15 * sin(run_p(t)); o[1] = o[2] = 0; }
static void run_fore_r(double t, double o[3]) { o[0] = -1.30 + 0.15 * sin(run_p(t)); o[1] = o[2] = 0; }

/* wave: the right arm goes up (0 to 0.4 s), the hand waves three times, and
 * the arm comes down (1.6 to 2 s). */
#define WAVE_T 2.0
static double smoothstep(double a, double b, double x)
{
    double u = (x - a) / (b - a);
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    return u * u * (3 - 2 * u);
}
static double wave_up(double t) { return smoothstep(0.0, 0.4, t) * (1 - smoothstep(1.6, 2.0, t)); }
static double wave_osc(double t) { return t < 0.4 || t > 1.6 ? 0 : sin(2 * PI * (t - 0.4) / 0.4); }
/* While the arm is up everything keeps moving a little, so that no key of
 * the clip is one that optimize would drop. */
static double wave_sway(double t) { return wave_up(t) * sin(2 * PI * t / 1.2); }
static void wave_arm_r(double t, double o[3]) { o[0] = 0.05 * wave_sway(t); o[1] = 0; o[2] = -2.5 * wave_up(t) + 0.08 * wave_sway(t); }
static void wave_fore_r(double t, double o[3]) { o[0] = 0; o[1] = 0; o[2] = wave_up(t) * (-0.35 + 0.45 * wave_osc(t)); }
static void wave_hand_r(double t, double o[3]) { o[0] = 0; o[1] = 0; o[2] = wave_up(t) * (0.15 + 0.3 * wave_osc(t + 0.05)); }
static void wave_head(double t, double o[3]) { o[0] = 0.05 * wave_up(t) + 0.04 * wave_sway(t); o[1] = -0.25 * wave_up(t); o[2] = -0.12 * wave_up(t); }
static void wave_spine(double t, double o[3]) { o[0] = 0.02 * wave_sway(t); o[1] = 0.05 * wave_sway(t); o[2] = 0.06 * wave_up(t); }

typedef struct track_def {
    int node;
    bool translation;
    curve_fn f;
} track_def;

static void add_cycle(glb_writer *w, const char *name, double duration, uint32_t keys, const track_def *tracks,
                      size_t count)
{
    clip_builder c;
    begin_clip(&c, w);
    double times[64];
    uint32_t input = even_times(w, duration, keys, times);
    for (size_t i = 0; i < count; ++i) {
        if (tracks[i].translation)
            translation_channel(&c, tracks[i].node, times, keys, input, tracks[i].f);
        else
            rotation_channel(&c, tracks[i].node, times, keys, input, tracks[i].f);
    }
    end_clip(&c, name);
}

static void add_walk_run(glb_writer *w)
{
    static const track_def walk[] = {
        {N_HIPS, true, walk_hips_t},     {N_HIPS, false, walk_hips_r},    {N_SPINE, false, walk_spine},
        {N_HEAD, false, walk_head},      {N_THIGH_L, false, walk_thigh_l}, {N_SHIN_L, false, walk_shin_l},
        {N_FOOT_L, false, walk_foot_l},  {N_THIGH_R, false, walk_thigh_r}, {N_SHIN_R, false, walk_shin_r},
        {N_FOOT_R, false, walk_foot_r},  {N_UPPER_ARM_L, false, walk_arm_l}, {N_LOWER_ARM_L, false, walk_fore_l},
        {N_UPPER_ARM_R, false, walk_arm_r}, {N_LOWER_ARM_R, false, walk_fore_r},
    };
    static const track_def run[] = {
        {N_HIPS, true, run_hips_t},     {N_HIPS, false, run_hips_r},    {N_SPINE, false, run_spine},
        {N_HEAD, false, run_head},      {N_THIGH_L, false, run_thigh_l}, {N_SHIN_L, false, run_shin_l},
        {N_FOOT_L, false, run_foot_l},  {N_THIGH_R, false, run_thigh_r}, {N_SHIN_R, false, run_shin_r},
        {N_FOOT_R, false, run_foot_r},  {N_UPPER_ARM_L, false, run_arm_l}, {N_LOWER_ARM_L, false, run_fore_l},
        {N_UPPER_ARM_R, false, run_arm_r}, {N_LOWER_ARM_R, false, run_fore_r},
    };
    add_cycle(w, "walk", WALK_T, 17, walk, sizeof walk / sizeof walk[0]);
    add_cycle(w, "run", RUN_T, 13, run, sizeof run / sizeof run[0]);
}

static void add_wave(glb_writer *w)
{
    clip_builder c;
    begin_clip(&c, w);
    double times[64];
    uint32_t input = even_times(w, WAVE_T, 41, times);
    rotation_channel(&c, N_UPPER_ARM_R, times, 41, input, wave_arm_r);
    rotation_channel(&c, N_HAND_R, times, 41, input, wave_hand_r);
    rotation_channel(&c, N_HEAD, times, 41, input, wave_head);
    rotation_channel(&c, N_SPINE, times, 41, input, wave_spine);
    input = even_times(w, WAVE_T, 21, times);

    /* The forearm as a CUBICSPLINE: in-tangent, value, out-tangent per key,
     * the tangents the curve's slope (per second) by central differences. */
    float cubic[21 * 3 * 4];
    for (uint32_t k = 0; k < 21; ++k) {
        double e[3], ea[3], eb[3], h = 1e-5;
        wave_fore_r(times[k], e);
        wave_fore_r(times[k] - h, ea);
        wave_fore_r(times[k] + h, eb);
        double q[4], qa[4], qb[4];
        euler_quat_d(e, q);
        euler_quat_d(ea, qa);
        euler_quat_d(eb, qb);
        for (int i = 0; i < 4; ++i) {
            float slope = (float)((qb[i] - qa[i]) / (2 * h));
            cubic[k * 12 + i] = slope;
            cubic[k * 12 + 4 + i] = (float)q[i];
            cubic[k * 12 + 8 + i] = slope;
        }
    }
    channel(&c, N_LOWER_ARM_R, "rotation", input, glb_floats(w, cubic, 21 * 3, "VEC4", GLB_NO_TARGET, false),
            "CUBICSPLINE");

    /* The smile, the bubble popping up (STEP) and its card fading in and out. */
    static const float smile_t[4] = {0, 0.5f, 1.5f, 2.0f}, smile_w[4] = {0, 1, 1, 0};
    uint32_t st = glb_floats(w, smile_t, 4, "SCALAR", GLB_NO_TARGET, true);
    channel(&c, N_FACE, "weights", st, glb_floats(w, smile_w, 4, "SCALAR", GLB_NO_TARGET, false), "LINEAR");
    static const float pop_t[3] = {0, 0.3f, 1.7f};
    static const float pop_s[9] = {0.5f, 0.5f, 0.5f, 1, 1, 1, 0.5f, 0.5f, 0.5f};
    uint32_t pt = glb_floats(w, pop_t, 3, "SCALAR", GLB_NO_TARGET, true);
    channel(&c, N_BUBBLE, "scale", pt, glb_floats(w, pop_s, 3, "VEC3", GLB_NO_TARGET, false), "STEP");
    static const float fade_t[4] = {0, 0.35f, 1.65f, 2.0f};
    static const float fade_c[16] = {1, 1, 1, 0, 1, 0.93f, 0.55f, 1, 1, 0.93f, 0.55f, 1, 1, 1, 1, 0};
    uint32_t ft = glb_floats(w, fade_t, 4, "SCALAR", GLB_NO_TARGET, true);
    uint32_t fs = (uint32_t)json_array_size(c.samplers);
    json_array_append_new(c.samplers, json_pack("{s:i, s:s, s:i}", "input", (int)ft, "interpolation", "LINEAR", "output",
                                                (int)glb_floats(w, fade_c, 4, "VEC4", GLB_NO_TARGET, false)));
    json_array_append_new(c.channels,
                          json_pack("{s:i, s:{s:s, s:{s:{s:s}}}}", "sampler", (int)fs, "target", "path", "pointer",
                                    "extensions", "KHR_animation_pointer", "pointer",
                                    "/materials/2/pbrMetallicRoughness/baseColorFactor"));
    end_clip(&c, "wave");
}

ta_result default_model_write(const char *path, ta_error *err)
{
    glb_writer w;
    glb_init(&w);
    json_object_set_new(w.doc, "asset", json_pack("{s:s, s:s}", "version", "2.0", "generator", "threeanim example"));
    json_object_set_new(w.doc, "extensionsUsed", json_pack("[s]", "KHR_animation_pointer"));
    add_nodes(&w);
    add_meshes(&w);
    add_materials(&w);
    add_skin(&w);
    add_walk_run(&w);
    add_wave(&w);
    ta_result r = glb_write(&w, path, err);
    glb_free(&w);
    return r;
}
