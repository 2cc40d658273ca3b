/*
 * gltf_dump FILE [FILE ...] -- loads each glTF file with ta_gltf_load_file and
 * prints, one JSON object per line, what dump_three.mjs prints for the same
 * file from three.js's GLTFLoader: the nodes in depth-first order (path from
 * the scene, name, type, glTF node index, TRS, morph influences and names,
 * bones, material, camera, light), and every clip with its tracks (target
 * node path and property, interpolation, times, values, tangents) and the
 * value of each track sampled at its keys, between them and outside them.
 * compare_dumps.mjs compares the two. A file that is refused prints
 * {"file": ..., "error": "..."}.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "threeanim/color.h"
#include "threeanim/gltf.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/model.h"

static void print_string(const char *s)
{
    putchar('"');
    for (const unsigned char *p = (const unsigned char *)s; *p; ++p) {
        if (*p == '"' || *p == '\\')
            printf("\\%c", *p);
        else if (*p < 0x20)
            printf("\\u%04x", *p);
        else
            putchar(*p);
    }
    putchar('"');
}

static void print_number(double v)
{
    if (!isfinite(v))
        printf("null");
    else
        printf("%.9g", v);
}

static void print_floats(const float *v, uint32_t n)
{
    putchar('[');
    for (uint32_t i = 0; i < n; ++i) {
        if (i) putchar(',');
        print_number(v[i]);
    }
    putchar(']');
}

typedef struct dump {
    const ta_model *model;
    char **paths;     /* per scene node: "0/2/1" */
    int32_t *gltf_of; /* per scene node: the glTF node, or -1 */
    bool first;
} dump;

static void make_paths(dump *d, ta_node_id first, const char *prefix)
{
    const ta_scene *s = d->model->scene;
    int i = 0;
    for (ta_node_id c = first; !ta_node_is_none(c); c = s->nodes[c.index].next_sibling, ++i) {
        size_t n = strlen(prefix) + 16;
        char *p = (char *)malloc(n);
        if (*prefix)
            snprintf(p, n, "%s/%d", prefix, i);
        else
            snprintf(p, n, "%d", i);
        d->paths[c.index] = p;
        make_paths(d, s->nodes[c.index].first_child, p);
    }
}

static const char *node_type(const ta_scene *s, ta_node_id id)
{
    switch (s->nodes[id.index].type) {
    case TA_NODE_TYPE_GROUP: return "Group";
    case TA_NODE_TYPE_BONE: return "Bone";
    case TA_NODE_TYPE_MESH: return "Mesh";
    case TA_NODE_TYPE_SKINNED_MESH: return "SkinnedMesh";
    case TA_NODE_TYPE_PERSPECTIVE_CAMERA: return "PerspectiveCamera";
    case TA_NODE_TYPE_ORTHOGRAPHIC_CAMERA: return "OrthographicCamera";
    case TA_NODE_TYPE_LIGHT:
        for (uint32_t l = 0; l < s->light_count; ++l)
            if (s->lights[l].node.index == id.index) return ta_light_kind_name(s->lights[l].kind);
        return "Light";
    default: return "Object3D";
    }
}

static void print_hex(const uint8_t c[3])
{
    printf("%u", (unsigned)(c[0] << 16 | c[1] << 8 | c[2]));
}

static void print_mesh(const dump *d, const ta_mesh *m, bool skinned)
{
    const ta_model *model = d->model;
    printf(",\"morph\":");
    if (m->morph_count == 0) {
        printf("null");
    } else {
        printf("{\"influences\":");
        print_floats(m->morph_influences, m->morph_count);
        printf(",\"names\":[");
        for (uint32_t t = 0; t < m->morph_count; ++t) {
            if (t) putchar(',');
            print_string(m->morph_names[t]);
        }
        printf("]}");
    }
    if (skinned) {
        printf(",\"bones\":[");
        for (uint32_t b = 0; b < m->bone_count; ++b) {
            if (b) putchar(',');
            print_string(d->paths[m->bones[b].index]);
        }
        putchar(']');
    }
    if (m->material_count > 0) {
        const ta_material *mat = &model->assets->materials[m->materials[0].index];
        printf(",\"material\":{\"type\":");
        print_string(ta_material_kind_name(mat->kind));
        printf(",\"name\":");
        print_string(mat->name);
        printf(",\"color\":");
        print_hex(mat->color);
        printf(",\"emissive\":");
        print_hex(mat->emissive);
        printf(",\"opacity\":");
        print_number(mat->opacity);
        printf(",\"transparent\":%s", mat->transparent ? "true" : "false");
        printf(",\"alphaTest\":");
        print_number(mat->alpha_test);
        if (mat->kind != TA_MATERIAL_KIND_BASIC) {
            printf(",\"roughness\":");
            print_number(mat->roughness);
            printf(",\"metalness\":");
            print_number(mat->metalness);
            printf(",\"emissiveIntensity\":");
            print_number(mat->emissive_intensity);
        }
        if (mat->map.index != TA_NONE) {
            const ta_texture *t = &model->assets->textures[mat->map.index];
            printf(",\"map\":{\"offset\":[%.9g,%.9g],\"repeat\":[%.9g,%.9g],\"rotation\":%.9g}", (double)t->offset.x,
                   (double)t->offset.y, (double)t->repeat.x, (double)t->repeat.y, (double)t->rotation);
        }
        putchar('}');
    }
}

static bool print_node(const ta_scene *scene, ta_node_id id, void *user)
{
    dump *d = (dump *)user;
    const ta_model *model = d->model;
    const ta_node *n = &scene->nodes[id.index];
    printf("%s{\"path\":", d->first ? "" : ",");
    d->first = false;
    print_string(d->paths[id.index]);
    printf(",\"name\":");
    print_string(n->name);
    printf(",\"type\":\"%s\"", node_type(scene, id));
    printf(",\"gltf\":");
    if (d->gltf_of[id.index] >= 0)
        printf("%d", d->gltf_of[id.index]);
    else
        printf("null");
    printf(",\"position\":[%.9g,%.9g,%.9g]", (double)n->position.x, (double)n->position.y, (double)n->position.z);
    printf(",\"quaternion\":[%.9g,%.9g,%.9g,%.9g]", (double)n->quaternion.x, (double)n->quaternion.y,
           (double)n->quaternion.z, (double)n->quaternion.w);
    printf(",\"scale\":[%.9g,%.9g,%.9g]", (double)n->scale.x, (double)n->scale.y, (double)n->scale.z);
    for (uint32_t m = 0; m < scene->mesh_count; ++m)
        if (scene->meshes[m].node.index == id.index) print_mesh(d, &scene->meshes[m], false);
    for (uint32_t m = 0; m < scene->skinned_mesh_count; ++m)
        if (scene->skinned_meshes[m].node.index == id.index) print_mesh(d, &scene->skinned_meshes[m], true);
    for (uint32_t c = 0; c < model->cameras->perspective_count; ++c) {
        const ta_perspective_camera *cam = &model->cameras->perspective[c];
        if (cam->node.index != id.index) continue;
        printf(",\"camera\":{\"fov\":%.9g,\"aspect\":%.9g,\"near\":%.9g,\"far\":%.9g,\"zoom\":%.9g}", (double)cam->fov,
               (double)cam->aspect, (double)cam->near, (double)cam->far, (double)cam->zoom);
    }
    for (uint32_t c = 0; c < model->cameras->orthographic_count; ++c) {
        const ta_orthographic_camera *cam = &model->cameras->orthographic[c];
        if (cam->node.index != id.index) continue;
        printf(",\"camera\":{\"left\":%.9g,\"right\":%.9g,\"top\":%.9g,\"bottom\":%.9g,\"near\":%.9g,\"far\":%.9g,"
               "\"zoom\":%.9g}",
               (double)cam->left, (double)cam->right, (double)cam->top, (double)cam->bottom, (double)cam->near,
               (double)cam->far, (double)cam->zoom);
    }
    for (uint32_t l = 0; l < scene->light_count; ++l) {
        const ta_light *light = &scene->lights[l];
        if (light->node.index != id.index) continue;
        printf(",\"light\":{\"color\":");
        print_hex(light->color);
        printf(",\"intensity\":%.9g,\"distance\":%.9g,\"decay\":%.9g", (double)light->intensity,
               (double)light->distance, (double)light->decay);
        if (light->kind == TA_LIGHT_KIND_SPOT)
            printf(",\"angle\":%.9g,\"penumbra\":%.9g", (double)light->angle, (double)light->penumbra);
        putchar('}');
    }
    putchar('}');
    return true;
}

/* The node a track drives, and its three.js property. */
static void track_target(const dump *d, const ta_track *t, const char **path, char *property, size_t size,
                         char *material, size_t material_size)
{
    const ta_model *model = d->model;
    ta_track_target tt = ta_track_target_of(t);
    *path = "?";
    snprintf(property, size, "?");
    switch (tt.kind) {
    case TA_TRACK_KIND_POSITION: snprintf(property, size, "position"); break;
    case TA_TRACK_KIND_QUATERNION: snprintf(property, size, "quaternion"); break;
    case TA_TRACK_KIND_SCALE: snprintf(property, size, "scale"); break;
    case TA_TRACK_KIND_VISIBLE: snprintf(property, size, "visible"); break;
    case TA_TRACK_KIND_MORPH_INFLUENCE:
    case TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE: snprintf(property, size, "morphTargetInfluences[%u]", tt.element); break;
    default: snprintf(property, size, "%s", ta_track_kind_name(tt.kind)); break;
    }
    if (tt.family == TA_TARGET_FAMILY_NODE) {
        *path = d->paths[tt.index];
    } else if (tt.family == TA_TARGET_FAMILY_MESH) {
        *path = d->paths[model->scene->meshes[tt.index].node.index];
    } else if (tt.family == TA_TARGET_FAMILY_SKINNED_MESH) {
        *path = d->paths[model->scene->skinned_meshes[tt.index].node.index];
    } else if (tt.family == TA_TARGET_FAMILY_MATERIAL) {
        snprintf(material, material_size, "material:%u", tt.index);
        *path = material;
    } else if (tt.family == TA_TARGET_FAMILY_LIGHT) {
        *path = d->paths[model->scene->lights[tt.index].node.index];
    } else if (tt.family == TA_TARGET_FAMILY_PERSPECTIVE_CAMERA) {
        *path = d->paths[model->cameras->perspective[tt.index].node.index];
    } else if (tt.family == TA_TARGET_FAMILY_ORTHOGRAPHIC_CAMERA) {
        *path = d->paths[model->cameras->orthographic[tt.index].node.index];
    }
}

/* The times dump_three.mjs samples at: before the first key, each key, a
 * third and two thirds between keys, after the last. */
static void print_samples(const ta_track *t)
{
    uint32_t k = ta_track_key_count(t), size = ta_track_value_size(t);
    const float *times = ta_track_times(t);
    printf(",\"samples\":[");
    float out[16];
    bool first = true;
    for (uint32_t i = 0; i <= k; ++i) {
        double at[3];
        int n = 0;
        if (i == 0) {
            at[n++] = (double)times[0] - 0.25;
        } else if (i == k) {
            at[n++] = (double)times[k - 1] + 0.25;
        } else {
            double a = times[i - 1], b = times[i];
            at[n++] = a + (b - a) / 3;
            at[n++] = a + 2 * (b - a) / 3;
        }
        if (i < k) at[n++] = times[i];
        for (int j = 0; j < n; ++j) {
            ta_error err = {0};
            if (ta_track_sample(t, at[j], TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE, out, 16, &err) != TA_OK)
                continue;
            printf("%s[%.17g,", first ? "" : ",", at[j]);
            first = false;
            print_floats(out, size);
            putchar(']');
        }
    }
    putchar(']');
}

static void print_clip(const dump *d, const ta_clip *clip, uint32_t index, bool with_samples)
{
    printf("{\"index\":%u,\"name\":", index);
    print_string(ta_clip_name(clip));
    printf(",\"duration\":%.9g,\"tracks\":[", ta_clip_duration(clip).seconds);
    for (uint32_t i = 0; i < ta_clip_track_count(clip); ++i) {
        const ta_track *t = ta_clip_track(clip, i);
        const char *path;
        char property[64], material[32];
        track_target(d, t, &path, property, sizeof property, material, sizeof material);
        printf("%s{\"node\":", i ? "," : "");
        print_string(path);
        printf(",\"property\":");
        print_string(property);
        ta_interpolation interp = ta_track_interpolation(t);
        printf(",\"interpolation\":\"%s\"", interp == TA_INTERPOLATION_CUBIC_SPLINE ? "CUBICSPLINE"
                                            : interp == TA_INTERPOLATION_STEP       ? "STEP"
                                                                      : "LINEAR");
        uint32_t k = ta_track_key_count(t), size = ta_track_value_size(t);
        printf(",\"times\":");
        print_floats(ta_track_times(t), k);
        printf(",\"values\":");
        print_floats(ta_track_values(t), k * size);
        if (ta_track_tangent_count(t) > 0) {
            printf(",\"in\":");
            print_floats(ta_track_in_tangents(t), ta_track_tangent_count(t));
            printf(",\"out\":");
            print_floats(ta_track_out_tangents(t), ta_track_tangent_count(t));
        }
        if (with_samples) print_samples(t);
        putchar('}');
    }
    printf("]}");
}

int main(int argc, char **argv)
{
    bool samples = true;
    for (int a = 1; a < argc; ++a) {
        if (strcmp(argv[a], "--no-samples") == 0) {
            samples = false;
            continue;
        }
        ta_model *model;
        ta_error err = {0};
        printf("{\"file\":");
        print_string(argv[a]);
        if (ta_gltf_load_file(argv[a], NULL, &model, &err) != TA_OK) {
            printf(",\"error\":");
            print_string(err.message);
            printf("}\n");
            continue;
        }
        dump d;
        uint32_t n = model->scene->node_count;
        d.model = model;
        d.paths = (char **)calloc(n + 1, sizeof(char *));
        d.gltf_of = (int32_t *)malloc((n + 1) * sizeof(int32_t));
        for (uint32_t i = 0; i < n; ++i) d.gltf_of[i] = -1;
        for (uint32_t i = 0; i < model->source_node_count; ++i)
            if (!ta_node_is_none(model->source_nodes[i])) d.gltf_of[model->source_nodes[i].index] = (int32_t)i;
        make_paths(&d, model->scene->first_child, "");
        printf(",\"scene\":");
        print_string(model->scene->name);
        printf(",\"nodes\":[");
        d.first = true;
        ta_scene_traverse(model->scene, ta_node_none(), print_node, &d);
        printf("],\"clips\":[");
        /* Clip c is glTF animation c: the loader leaves none out. */
        for (uint32_t c = 0; c < model->animation_count; ++c) {
            if (c) putchar(',');
            print_clip(&d, model->animations[c], c, samples);
        }
        printf("],\"warnings\":[");
        for (uint32_t w = 0; w < model->warning_count; ++w) {
            if (w) putchar(',');
            print_string(model->warnings[w]);
        }
        printf("]}\n");
        for (uint32_t i = 0; i < n; ++i) free(d.paths[i]);
        free(d.paths);
        free(d.gltf_of);
        ta_model_destroy(model);
    }
    return 0;
}
