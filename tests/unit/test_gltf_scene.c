/* The glTF loader's scene: nodes, names, TRS and matrices, meshes of one and
 * several primitives, morph targets, skins, materials, cameras, lights, the
 * default scene, and every refusal of a broken node tree. The expected names
 * follow three.js's PropertyBinding.sanitizeNodeName and
 * GLTFParser.createUniqueName (tests/conformance/gltf checks them against
 * three.js itself). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gltf_test_builder.h"
#include "ta_test.h"
#include "threeanim/gltf.h"

static ta_model *const UNTOUCHED = (ta_model *)(uintptr_t)0x1;

static ta_model *load(gltf_tb *tb)
{
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(gltf_tb_load(tb, GLTF_TB_GLB, NULL, &model, &err), &err);
    return model;
}

static void check_refused(gltf_tb *tb, const ta_load_options *opts, ta_result code, const char *needle)
{
    ta_model *model = UNTOUCHED;
    ta_error err = {0};
    TA_ASSERT_REFUSED(gltf_tb_load(tb, GLTF_TB_GLB, opts, &model, &err), &err, code, needle);
    assert_ptr_equal(model, UNTOUCHED);
}

static const ta_node *made(const ta_model *m, uint32_t gltf_node)
{
    assert_true(gltf_node < m->source_node_count);
    assert_false(ta_node_is_none(m->source_nodes[gltf_node]));
    return &m->scene->nodes[m->source_nodes[gltf_node].index];
}

static uint32_t triangle(gltf_tb *tb)
{
    static const float v[] = {0, 0, 0, 1, 0, 0, 0, 1, 0};
    return gltf_tb_floats(tb, v, 3, "VEC3");
}

/* A primitive with targets morph targets (and skin attributes when asked). */
static json_t *primitive(gltf_tb *tb, int targets, bool skin)
{
    json_t *p = json_pack("{s:{s:i}}", "attributes", "POSITION", triangle(tb));
    if (skin) {
        static const uint8_t joints[12] = {0};
        static const float weights[12] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0};
        uint32_t jv = gltf_tb_view(tb, joints, sizeof joints, 0);
        json_object_set_new(json_object_get(p, "attributes"), "JOINTS_0",
                            json_integer(gltf_tb_accessor(tb, (int)jv, 0, 5121, "VEC4", 3, false)));
        json_object_set_new(json_object_get(p, "attributes"), "WEIGHTS_0",
                            json_integer(gltf_tb_floats(tb, weights, 3, "VEC4")));
    }
    if (targets > 0) {
        json_t *list = json_array();
        for (int t = 0; t < targets; ++t) json_array_append_new(list, json_pack("{s:i}", "POSITION", triangle(tb)));
        json_object_set_new(p, "targets", list);
    }
    return p;
}

static void scene_of(gltf_tb *tb, json_t *roots)
{
    gltf_tb_add(tb, "scenes", json_pack("{s:o}", "nodes", roots));
}

/* ---- transforms ------------------------------------------------------------------------ */

static void matrices_are_decomposed(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    /* T = (1, 2, 3), R = 90 degrees about z, S = (2, 3, 4): columns are
     * S.x * (0, 1, 0), S.y * (-1, 0, 0), S.z * (0, 0, 1). */
    json_t *m = json_pack("[f,f,f,f, f,f,f,f, f,f,f,f, f,f,f,f]", 0.0, 2.0, 0.0, 0.0, -3.0, 0.0, 0.0, 0.0, 0.0, 0.0,
                          4.0, 0.0, 1.0, 2.0, 3.0, 1.0);
    gltf_tb_add(&tb, "nodes", json_pack("{s:o}", "matrix", m));
    /* A mirror: scale x by -1. */
    gltf_tb_add(&tb, "nodes",
                json_pack("{s:[f,f,f,f, f,f,f,f, f,f,f,f, f,f,f,f]}", "matrix", -1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0,
                          0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0));
    /* A zero scale on y. */
    gltf_tb_add(&tb, "nodes",
                json_pack("{s:[f,f,f,f, f,f,f,f, f,f,f,f, f,f,f,f]}", "matrix", 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
                          0.0, 0.0, 1.0, 0.0, 5.0, 0.0, 0.0, 1.0));
    /* TRS as given, a non-unit rotation kept as three.js keeps it. */
    gltf_tb_add(&tb, "nodes",
                json_pack("{s:[f,f,f],s:[f,f,f,f],s:[f,f,f]}", "translation", 1.0, 2.0, 3.0, "rotation", 0.0, 0.0, 0.0,
                          2.0, "scale", 1.0, 1.0, 0.5));
    scene_of(&tb, json_pack("[i,i,i,i]", 0, 1, 2, 3));
    ta_model *model = load(&tb);
    const ta_node *a = made(model, 0);
    TA_ASSERT_NEAR(a->position.x, 1, 1e-6);
    TA_ASSERT_NEAR(a->position.y, 2, 1e-6);
    TA_ASSERT_NEAR(a->position.z, 3, 1e-6);
    TA_ASSERT_NEAR(a->scale.x, 2, 1e-6);
    TA_ASSERT_NEAR(a->scale.y, 3, 1e-6);
    TA_ASSERT_NEAR(a->scale.z, 4, 1e-6);
    double h = sqrt(0.5);
    TA_ASSERT_NEAR(a->quaternion.z, h, 1e-6);
    TA_ASSERT_NEAR(a->quaternion.w, h, 1e-6);
    const ta_node *b = made(model, 1);
    TA_ASSERT_NEAR(b->scale.x, -1, 1e-6);
    TA_ASSERT_NEAR(b->quaternion.w, 1, 1e-6);
    const ta_node *c = made(model, 2);
    /* three.js's Matrix4.decompose: a zero determinant keeps the translation only. */
    TA_ASSERT_NEAR(c->position.x, 5, 1e-6);
    assert_true(c->scale.x == 1.0f && c->scale.y == 1.0f && c->scale.z == 1.0f);
    assert_true(c->quaternion.x == 0.0f && c->quaternion.w == 1.0f);
    assert_int_equal(model->warning_count, 1);
    TA_ASSERT_CONTAINS(model->warnings[0], "nodes[2].matrix: has a zero determinant; only its translation is kept");
    const ta_node *d = made(model, 3);
    assert_true(d->quaternion.w == 2.0f && d->scale.z == 0.5f && d->position.y == 2.0f);
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

/* Every number the loader keeps as a float must fit one, as the three.js JSON
 * reader asks: 1e39 and 3.5e38 would be infinities (FLT_MAX is 3.40282e38). */
static void numbers_past_float32_are_refused(void **state)
{
    (void)state;
    static const char *const node_cases[][2] = {
        {"{\"translation\":[0,0,1e39]}", "nodes[1].translation[2]: 1e+39 does not fit a float32"},
        {"{\"translation\":[3.5e38,0,0]}", "nodes[1].translation[0]: 3.5e+38 does not fit a float32"},
        {"{\"rotation\":[0,0,0,1e39]}", "nodes[1].rotation[3]: 1e+39 does not fit a float32"},
        {"{\"rotation\":[-3.5e38,0,0,1]}", "nodes[1].rotation[0]: -3.5e+38 does not fit a float32"},
        {"{\"scale\":[1,1e39,1]}", "nodes[1].scale[1]: 1e+39 does not fit a float32"},
        {"{\"scale\":[1,1,3.5e38]}", "nodes[1].scale[2]: 3.5e+38 does not fit a float32"},
        {"{\"matrix\":[1,0,0,0, 0,1,0,0, 0,0,1,0, 1e39,0,0,1]}", "nodes[1].matrix[12]: 1e+39 does not fit a float32"},
        {"{\"matrix\":[3.5e38,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]}",
         "nodes[1].matrix[0]: 3.5e+38 does not fit a float32"},
        /* Each number fits, the first column's length (its scale) does not. */
        {"{\"matrix\":[3e38,3e38,0,0, 0,0,1,0, 0,1,0,0, 0,0,0,1]}",
         "nodes[1].matrix: column 0, of length 4.24264e+38, makes a scale that does not fit a float32"},
        {"{\"weights\":[0.5,1e39]}", "nodes[1].weights[1]: 1e+39 does not fit a float32"},
    };
    for (size_t i = 0; i < sizeof node_cases / sizeof node_cases[0]; ++i) {
        gltf_tb tb;
        gltf_tb_init(&tb);
        gltf_tb_node(&tb, "fine");
        json_t *node = json_loads(node_cases[i][0], 0, NULL);
        assert_non_null(node);
        gltf_tb_add(&tb, "nodes", node);
        scene_of(&tb, json_pack("[i,i]", 0, 1));
        check_refused(&tb, NULL, TA_ERROR_NOT_A_NUMBER, node_cases[i][1]);
        gltf_tb_free(&tb);
    }
    static const char *const other_cases[][2] = {
        {"{\"meshes\":[{\"primitives\":[{\"attributes\":{}}],\"weights\":[1e39]}]}",
         "meshes[0].weights[0]: 1e+39 does not fit a float32"},
        {"{\"cameras\":[{\"type\":\"perspective\",\"perspective\":{\"yfov\":0.5,\"znear\":1e39}}],"
         "\"nodes\":[{\"camera\":0}],\"scenes\":[{\"nodes\":[0]}]}",
         "cameras[0].perspective.znear: 1e+39 does not fit a float32"},
        {"{\"cameras\":[{\"type\":\"orthographic\",\"orthographic\":{\"xmag\":3.5e38,\"ymag\":1,"
         "\"znear\":0,\"zfar\":1}}],\"nodes\":[{\"camera\":0}],\"scenes\":[{\"nodes\":[0]}]}",
         "cameras[0].orthographic.xmag: 3.5e+38 does not fit a float32"},
        {"{\"extensions\":{\"KHR_lights_punctual\":{\"lights\":[{\"type\":\"point\",\"intensity\":3.5e38}]}},"
         "\"nodes\":[{\"extensions\":{\"KHR_lights_punctual\":{\"light\":0}}}],\"scenes\":[{\"nodes\":[0]}]}",
         "extensions.KHR_lights_punctual.lights[0].intensity: 3.5e+38 does not fit a float32"},
        {"{\"extensions\":{\"KHR_lights_punctual\":{\"lights\":[{\"type\":\"spot\",\"range\":1e39}]}},"
         "\"nodes\":[{\"extensions\":{\"KHR_lights_punctual\":{\"light\":0}}}],\"scenes\":[{\"nodes\":[0]}]}",
         "extensions.KHR_lights_punctual.lights[0].range: 1e+39 does not fit a float32"},
        {"{\"materials\":[{\"extensions\":{\"KHR_materials_emissive_strength\":{\"emissiveStrength\":1e39}}}]}",
         "materials[0].extensions.KHR_materials_emissive_strength.emissiveStrength: 1e+39 does not fit a float32"},
        {"{\"extensionsUsed\":[\"KHR_texture_transform\"],\"textures\":[{}],\"materials\":[{"
         "\"pbrMetallicRoughness\":{\"baseColorTexture\":{\"index\":0,\"extensions\":{"
         "\"KHR_texture_transform\":{\"scale\":[1,3.5e38]}}}}}]}",
         "materials[0].pbrMetallicRoughness.baseColorTexture.extensions.KHR_texture_transform.scale[1]: 3.5e+38 does "
         "not fit a float32"},
    };
    for (size_t i = 0; i < sizeof other_cases / sizeof other_cases[0]; ++i) {
        gltf_tb tb;
        gltf_tb_init(&tb);
        json_t *doc = json_loads(other_cases[i][0], 0, NULL);
        assert_non_null(doc);
        json_object_update(tb.root, doc);
        json_decref(doc);
        check_refused(&tb, NULL, TA_ERROR_NOT_A_NUMBER, other_cases[i][1]);
        gltf_tb_free(&tb);
    }
    /* The largest float32 itself is taken as it is. */
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_add(&tb, "nodes", json_pack("{s:[f,f,f]}", "translation", (double)FLT_MAX, 0.0, -(double)FLT_MAX));
    scene_of(&tb, json_pack("[i]", 0));
    ta_model *model = load(&tb);
    assert_true(made(model, 0)->position.x == FLT_MAX && made(model, 0)->position.z == -FLT_MAX);
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

/* ---- names ------------------------------------------------------------------------------ */

static void names_are_sanitized_and_made_unique(void **state)
{
    (void)state;
    const char *given[] = {"Arm L", "Cube.001", "a/b:c",     "[x]",           "Cube",     "Cube",    "constructor",
                           "",      NULL,       "tab\tname", "nbsp\xC2\xA0x", "toString", "toString"};
    const char *want[] = {"Arm_L", "Cube001", "abc",      "x",      "Cube",         "Cube_1",      "constructor_NaN",
                          "",      "",        "tab_name", "nbsp_x", "toString_NaN", "toString_NaN"};
    gltf_tb tb;
    gltf_tb_init(&tb);
    json_t *roots = json_array();
    for (size_t i = 0; i < sizeof given / sizeof given[0]; ++i) {
        gltf_tb_node(&tb, given[i]);
        json_array_append_new(roots, json_integer((json_int_t)i));
    }
    scene_of(&tb, roots);
    ta_model *model = load(&tb);
    for (size_t i = 0; i < sizeof want / sizeof want[0]; ++i)
        assert_string_equal(made(model, (uint32_t)i)->name, want[i]);
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

/* The scene's name comes first, then the nodes depth first, then the meshes'
 * primitives (whose names an unnamed node and a Group's children show). */
static void names_come_in_three_js_order(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    json_t *two =
        json_pack("{s:s,s:[o,o]}", "name", "Body", "primitives", primitive(&tb, 0, false), primitive(&tb, 0, false));
    gltf_tb_add(&tb, "meshes", two);
    gltf_tb_add(&tb, "meshes", json_pack("{s:s,s:[o]}", "name", "Body", "primitives", primitive(&tb, 0, false)));
    gltf_tb_add(&tb, "nodes", json_pack("{s:s,s:i,s:[i]}", "name", "Body", "mesh", 0, "children", 1));
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "mesh", 1));
    gltf_tb_add(&tb, "scenes", json_pack("{s:s,s:[i]}", "name", "Body", "nodes", 0));
    ta_model *model = load(&tb);
    assert_string_equal(model->scene->name, "Body");
    const ta_node *group = made(model, 0);
    assert_int_equal(group->type, TA_NODE_TYPE_GROUP);
    assert_string_equal(group->name, "Body_1");
    /* The Group's children: the two primitives, then glTF node 1. */
    const ta_node *p0 = &model->scene->nodes[group->first_child.index];
    const ta_node *p1 = &model->scene->nodes[p0->next_sibling.index];
    assert_string_equal(p0->name, "Body_2");
    assert_string_equal(p1->name, "Body_3");
    assert_int_equal(p0->type, TA_NODE_TYPE_MESH);
    assert_int_equal(p1->next_sibling.index, model->source_nodes[1].index);
    assert_string_equal(made(model, 1)->name, "Body_4");
    assert_int_equal(made(model, 1)->type, TA_NODE_TYPE_MESH);
    assert_int_equal(model->scene->mesh_count, 3);
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

static void a_shared_mesh_is_copied_per_use(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_add(&tb, "meshes", json_pack("{s:s,s:[o]}", "name", "Rock", "primitives", primitive(&tb, 2, false)));
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "mesh", 0));
    gltf_tb_add(&tb, "nodes", json_pack("{s:i,s:[f,f]}", "mesh", 0, "weights", 0.5, 0.25));
    gltf_tb_add(&tb, "nodes", json_pack("{s:i,s:s}", "mesh", 0, "name", "Named"));
    scene_of(&tb, json_pack("[i,i,i]", 0, 1, 2));
    ta_model *model = load(&tb);
    assert_string_equal(made(model, 0)->name, "Rock_instance_0");
    assert_string_equal(made(model, 1)->name, "Rock_instance_1");
    assert_string_equal(made(model, 2)->name, "Named");
    assert_int_equal(model->scene->mesh_count, 3);
    /* Each use has its own mesh; node weights reach only their own. */
    assert_true(model->scene->meshes[0].morph_influences[0] == 0.0f);
    assert_true(model->scene->meshes[1].morph_influences[0] == 0.5f);
    assert_true(model->scene->meshes[1].morph_influences[1] == 0.25f);
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

/* ---- meshes ----------------------------------------------------------------------------- */

static void morph_targets_weights_and_names(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    json_t *mesh = json_pack("{s:[o],s:[f,f],s:{s:[s,s]}}", "primitives", primitive(&tb, 2, false), "weights", 0.25,
                             0.5, "extras", "targetNames", "smile", "frown");
    gltf_tb_add(&tb, "meshes", mesh);
    gltf_tb_add(&tb, "meshes", json_pack("{s:[o]}", "primitives", primitive(&tb, 10, false)));
    gltf_tb_add(&tb, "nodes", json_pack("{s:i,s:[f]}", "mesh", 0, "weights", 0.75));
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "mesh", 1));
    scene_of(&tb, json_pack("[i,i]", 0, 1));
    ta_model *model = load(&tb);
    const ta_mesh *m = &model->scene->meshes[0];
    assert_int_equal(m->morph_count, 2);
    assert_true(m->morph_influences[0] == 0.75f); /* the node's weight wins */
    assert_true(m->morph_influences[1] == 0.5f);
    uint32_t t;
    ta_error err = {0};
    TA_ASSERT_OK(ta_mesh_find_morph_target(m, "frown", &t, &err), &err);
    assert_int_equal(t, 1);
    /* Every target of the file, as three.js keeps them. */
    const ta_mesh *big = &model->scene->meshes[1];
    assert_int_equal(big->morph_count, 10);
    assert_string_equal(big->morph_names[9], "9");
    TA_ASSERT_OK(ta_mesh_find_morph_target(big, "9", &t, &err), &err);
    assert_int_equal(t, 9);
    assert_int_equal(model->warning_count, 0);
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

static void skins_make_bones_and_skinned_meshes(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_add(&tb, "meshes", json_pack("{s:[o]}", "primitives", primitive(&tb, 1, true)));
    gltf_tb_add(&tb, "meshes", json_pack("{s:[o]}", "primitives", primitive(&tb, 0, false)));
    gltf_tb_add(&tb, "nodes", json_pack("{s:s,s:[i]}", "name", "hip", "children", 1)); /* 0 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:s}", "name", "knee"));                     /* 1 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:i,s:i}", "mesh", 0, "skin", 0));           /* 2 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:i,s:i}", "mesh", 1, "skin", 0));           /* 3: no skin attributes */
    gltf_tb_add(&tb, "nodes", json_pack("{s:s}", "name", "elsewhere"));                /* 4: not in the scene */
    gltf_tb_add(&tb, "nodes", json_pack("{s:i,s:i}", "mesh", 0, "skin", 1));           /* 5 */
    gltf_tb_add(&tb, "skins", json_pack("{s:[i,i]}", "joints", 1, 0));
    gltf_tb_add(&tb, "skins", json_pack("{s:[i,i]}", "joints", 0, 4));
    scene_of(&tb, json_pack("[i,i,i,i]", 0, 2, 3, 5));
    ta_model *model = load(&tb);
    assert_int_equal(made(model, 0)->type, TA_NODE_TYPE_BONE);
    assert_int_equal(made(model, 1)->type, TA_NODE_TYPE_BONE);
    assert_int_equal(made(model, 2)->type, TA_NODE_TYPE_SKINNED_MESH);
    assert_int_equal(made(model, 3)->type, TA_NODE_TYPE_MESH);
    assert_true(ta_node_is_none(model->source_nodes[4]));
    assert_int_equal(model->scene->skinned_mesh_count, 2);
    const ta_mesh *sk = &model->scene->skinned_meshes[0];
    assert_int_equal(sk->bone_count, 2);
    assert_int_equal(sk->bones[0].index, model->source_nodes[1].index);
    assert_int_equal(sk->bones[1].index, model->source_nodes[0].index);
    assert_int_equal(sk->morph_count, 1);
    /* A joint outside the scene: no bones rather than a list with a gap. */
    assert_int_equal(model->scene->skinned_meshes[1].bone_count, 0);
    assert_int_equal(model->warning_count, 1);
    TA_ASSERT_CONTAINS(model->warnings[0], "skins[1].joints[1]: node 4 is not in the default scene");
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

/* ---- materials, cameras, lights ---------------------------------------------------------- */

static void materials_from_pbr_metallic_roughness(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    /* Linear 0.5 is sRGB byte 188 and linear 0.2158605 byte 128 (color.h). */
    gltf_tb_add(&tb, "materials",
                json_pack("{s:s,s:{s:[f,f,f,f],s:f,s:f,s:{s:i,s:{s:{s:[f,f],s:[f,f],s:f}}}},s:[f,f,f],s:s,s:f,"
                          "s:{s:{s:f}}}",
                          "name", "skin", "pbrMetallicRoughness", "baseColorFactor", 0.5, 0.2158605, 1.0, 0.25,
                          "metallicFactor", 0.3, "roughnessFactor", 0.7, "baseColorTexture", "index", 0, "extensions",
                          "KHR_texture_transform", "offset", 0.5, 0.25, "scale", 2.0, 3.0, "rotation", 0.5,
                          "emissiveFactor", 1.0, 0.0, 0.0, "alphaMode", "MASK", "alphaCutoff", 0.4, "extensions",
                          "KHR_materials_emissive_strength", "emissiveStrength", 2.0));
    gltf_tb_add(&tb, "materials",
                json_pack("{s:s,s:{s:{}}}", "alphaMode", "BLEND", "extensions", "KHR_materials_unlit"));
    gltf_tb_add(&tb, "materials", json_pack("{s:{s:{s:f}}}", "extensions", "KHR_materials_ior", "ior", 1.25));
    gltf_tb_add(&tb, "textures", json_pack("{s:s}", "name", "albedo"));
    json_object_set_new(tb.root, "extensionsUsed", json_pack("[s]", "KHR_texture_transform"));
    json_t *p = primitive(&tb, 0, false);
    json_object_set_new(p, "material", json_integer(0));
    gltf_tb_add(&tb, "meshes", json_pack("{s:[o,o]}", "primitives", p, primitive(&tb, 0, false)));
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "mesh", 0));
    scene_of(&tb, json_pack("[i]", 0));
    ta_model *model = load(&tb);
    assert_int_equal(model->assets->material_count, 4); /* three, then the default for the second primitive */
    const ta_material *m = &model->assets->materials[0];
    assert_int_equal(m->kind, TA_MATERIAL_KIND_STANDARD);
    assert_string_equal(m->name, "skin");
    assert_int_equal(m->color[0], 188);
    assert_int_equal(m->color[1], 128);
    assert_int_equal(m->color[2], 255);
    TA_ASSERT_NEAR(m->opacity, 0.25, 1e-7);
    TA_ASSERT_NEAR(m->metalness, 0.3, 1e-7);
    TA_ASSERT_NEAR(m->roughness, 0.7, 1e-7);
    assert_int_equal(m->emissive[0], 255);
    assert_int_equal(m->emissive[1], 0);
    TA_ASSERT_NEAR(m->emissive_intensity, 2, 1e-7);
    TA_ASSERT_NEAR(m->alpha_test, 0.4, 1e-7);
    assert_false(m->transparent);
    assert_int_not_equal(m->map.index, TA_NONE);
    const ta_texture *t = &model->assets->textures[m->map.index];
    assert_string_equal(t->name, "albedo");
    assert_true(t->offset.x == 0.5f && t->offset.y == 0.25f && t->repeat.x == 2.0f && t->repeat.y == 3.0f);
    TA_ASSERT_NEAR(t->rotation, 0.5, 1e-7);
    assert_int_equal(model->assets->materials[1].kind, TA_MATERIAL_KIND_BASIC);
    assert_true(model->assets->materials[1].transparent);
    assert_int_equal(model->assets->materials[2].kind, TA_MATERIAL_KIND_PHYSICAL);
    TA_ASSERT_NEAR(model->assets->materials[2].ior, 1.25, 1e-7);
    /* GLTFLoader's default material: white, metalness 1, roughness 1. */
    const ta_material *d = &model->assets->materials[3];
    assert_true(d->metalness == 1.0f && d->roughness == 1.0f && d->color[0] == 255);
    assert_int_equal(model->scene->meshes[1].materials[0].index, 3);
    ta_model_destroy(model);

    /* Without "KHR_texture_transform" in extensionsUsed three.js ignores it. */
    json_object_del(tb.root, "extensionsUsed");
    model = load(&tb);
    t = &model->assets->textures[model->assets->materials[0].map.index];
    assert_true(t->offset.x == 0.0f && t->repeat.x == 1.0f && t->rotation == 0.0f);
    ta_model_destroy(model);

    json_array_set_new(
        json_object_get(json_object_get(gltf_tb_get(&tb, "materials", 0), "pbrMetallicRoughness"), "baseColorFactor"),
        1, json_real(1.5));
    check_refused(&tb, NULL, TA_ERROR_PARSE,
                  "materials[0].pbrMetallicRoughness.baseColorFactor[1]: 1.5 is not in [0, 1]");
    json_object_set_new(gltf_tb_get(&tb, "materials", 1), "alphaMode", json_string("FOO"));
    json_array_set_new(
        json_object_get(json_object_get(gltf_tb_get(&tb, "materials", 0), "pbrMetallicRoughness"), "baseColorFactor"),
        1, json_real(0.5));
    check_refused(&tb, NULL, TA_ERROR_PARSE, "materials[1].alphaMode: \"FOO\" is not OPAQUE, MASK or BLEND");
    gltf_tb_free(&tb);
}

static void cameras_and_lights(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_add(&tb, "cameras",
                json_pack("{s:s,s:s,s:{s:f,s:f}}", "name", "eye", "type", "perspective", "perspective", "yfov", 0.5,
                          "znear", 0.1));
    gltf_tb_add(&tb, "cameras",
                json_pack("{s:s,s:{s:f,s:f,s:f,s:f}}", "type", "orthographic", "orthographic", "xmag", 2.0, "ymag", 1.0,
                          "znear", 0.5, "zfar", 9.0));
    json_object_set_new(tb.root, "extensions",
                        json_pack("{s:{s:[{s:s,s:[f,f,f],s:f,s:f,s:{s:f,s:f}},{s:s}]}}", "KHR_lights_punctual",
                                  "lights", "type", "spot", "color", 1.0, 0.2158605, 0.0, "intensity", 3.0, "range",
                                  5.0, "spot", "innerConeAngle", 0.2, "outerConeAngle", 0.8, "type", "directional"));
    gltf_tb_add(&tb, "meshes", json_pack("{s:[o]}", "primitives", primitive(&tb, 0, false)));
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "camera", 0));                                             /* 0 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:i}", "camera", 1));                                             /* 1 */
    gltf_tb_add(&tb, "nodes", json_pack("{s:{s:{s:i}}}", "extensions", "KHR_lights_punctual", "light", 0)); /* 2 */
    gltf_tb_add(&tb, "nodes",
                json_pack("{s:i,s:i,s:{s:{s:i}},s:s}", "mesh", 0, "camera", 0, "extensions", "KHR_lights_punctual",
                          "light", 1, "name", "rig")); /* 3 */
    scene_of(&tb, json_pack("[i,i,i,i]", 0, 1, 2, 3));
    ta_model *model = load(&tb);
    assert_int_equal(model->cameras->perspective_count, 2); /* camera 0 is used twice */
    const ta_perspective_camera *p = &model->cameras->perspective[0];
    TA_ASSERT_NEAR(p->fov, 0.5 * 180 / 3.14159265358979, 1e-6);
    TA_ASSERT_NEAR(p->near, 0.1, 1e-7);
    TA_ASSERT_NEAR(p->far, 2e6, 1e-7);
    TA_ASSERT_NEAR(p->aspect, 1, 1e-9);
    assert_int_equal(p->node.index, model->source_nodes[0].index);
    assert_string_equal(made(model, 0)->name, "eye_instance_0");
    assert_int_equal(made(model, 0)->type, TA_NODE_TYPE_PERSPECTIVE_CAMERA);
    const ta_orthographic_camera *o = &model->cameras->orthographic[0];
    assert_true(o->left == -2.0f && o->right == 2.0f && o->top == 1.0f && o->bottom == -1.0f && o->far == 9.0f);
    assert_int_equal(model->scene->light_count, 2);
    const ta_light *spot = &model->scene->lights[0];
    assert_int_equal(spot->kind, TA_LIGHT_KIND_SPOT);
    TA_ASSERT_NEAR(spot->angle, 0.8, 1e-7);
    TA_ASSERT_NEAR(spot->penumbra, 0.75, 1e-6);
    TA_ASSERT_NEAR(spot->distance, 5, 1e-7);
    TA_ASSERT_NEAR(spot->intensity, 3, 1e-7);
    assert_true(spot->color[0] == 255 && spot->color[1] == 128 && spot->color[2] == 0);
    assert_string_equal(made(model, 2)->name, "light_0");
    /* The spot light's target: a child Object3D one unit down -z. */
    const ta_node *target = &model->scene->nodes[made(model, 2)->first_child.index];
    assert_true(target->position.z == -1.0f && target->type == TA_NODE_TYPE_OBJECT3D);
    /* A node with a mesh, a camera and a light is a Group holding them. */
    const ta_node *rig = made(model, 3);
    assert_int_equal(rig->type, TA_NODE_TYPE_GROUP);
    const ta_node *c0 = &model->scene->nodes[rig->first_child.index];
    const ta_node *c1 = &model->scene->nodes[c0->next_sibling.index];
    const ta_node *c2 = &model->scene->nodes[c1->next_sibling.index];
    assert_int_equal(c0->type, TA_NODE_TYPE_MESH);
    assert_int_equal(c1->type, TA_NODE_TYPE_PERSPECTIVE_CAMERA);
    assert_string_equal(c1->name, "eye_instance_1");
    assert_int_equal(c2->type, TA_NODE_TYPE_LIGHT);
    assert_string_equal(c2->name, "light_1");
    ta_model_destroy(model);

    json_t *spot_def = json_object_get(
        json_array_get(
            json_object_get(json_object_get(json_object_get(tb.root, "extensions"), "KHR_lights_punctual"), "lights"),
            0),
        "spot");
    json_object_set_new(spot_def, "outerConeAngle", json_real(2.0));
    check_refused(&tb, NULL, TA_ERROR_OUT_OF_RANGE,
                  "extensions.KHR_lights_punctual.lights[0]: light.angle: 2 is not in");
    json_object_set_new(spot_def, "outerConeAngle", json_real(0.8));
    json_object_set_new(gltf_tb_get(&tb, "cameras", 1), "orthographic", json_pack("{s:f}", "xmag", 1.0));
    check_refused(&tb, NULL, TA_ERROR_PARSE, "cameras[1].orthographic.ymag: is missing");
    json_object_del(gltf_tb_get(&tb, "cameras", 1), "orthographic");
    check_refused(&tb, NULL, TA_ERROR_PARSE, "cameras[1].orthographic: is missing");
    gltf_tb_free(&tb);
}

/* ---- scenes and the node tree ------------------------------------------------------------- */

static void the_default_scene_is_made(void **state)
{
    (void)state;
    gltf_tb tb;
    gltf_tb_init(&tb);
    gltf_tb_node(&tb, "first");
    gltf_tb_node(&tb, "second");
    gltf_tb_add(&tb, "scenes", json_pack("{s:s,s:[i]}", "name", "A", "nodes", 0));
    gltf_tb_add(&tb, "scenes", json_pack("{s:s,s:[i]}", "name", "B", "nodes", 1));
    json_object_set_new(tb.root, "scene", json_integer(1));
    ta_model *model = load(&tb);
    assert_string_equal(model->scene->name, "B");
    assert_int_equal(model->scene->node_count, 1);
    assert_true(ta_node_is_none(model->source_nodes[0]));
    assert_string_equal(made(model, 1)->name, "second");
    ta_model_destroy(model);
    gltf_tb_free(&tb);
}

static void broken_node_trees_are_refused(void **state)
{
    (void)state;
    const struct {
        const char *json;
        ta_result code;
        const char *needle;
    } cases[] = {
        {"{\"nodes\":[{\"children\":[1]},{\"children\":[0]}],\"scenes\":[{\"nodes\":[]}]}", TA_ERROR_PARSE,
         "the node tree has a cycle through node"},
        {"{\"nodes\":[{\"children\":[0]}]}", TA_ERROR_PARSE, "nodes[0].children[0]: node 0 is its own child"},
        {"{\"nodes\":[{\"children\":[2]},{\"children\":[2]},{}]}", TA_ERROR_PARSE,
         "nodes[1].children[0]: node 2 is already a child of node 0"},
        {"{\"nodes\":[{\"children\":[5]}]}", TA_ERROR_PARSE, "nodes[0].children[0]: 5 is not below the 1 nodes"},
        {"{\"nodes\":[{\"children\":[1.5]},{}]}", TA_ERROR_PARSE,
         "nodes[0].children[0]: 1.5 is not an index into nodes"},
        {"{\"nodes\":[{\"children\":[1]},{}],\"scenes\":[{\"nodes\":[1]}]}", TA_ERROR_PARSE,
         "scenes[0].nodes[0]: node 1 is a child of node 0, not a root"},
        {"{\"nodes\":[{}],\"scenes\":[{\"nodes\":[0,0]}]}", TA_ERROR_PARSE,
         "scenes[0].nodes[1]: node 0 comes twice in the scene's nodes"},
        {"{\"nodes\":[{\"mesh\":0}]}", TA_ERROR_PARSE, "nodes[0].mesh: 0, but the file has no meshes"},
        {"{\"nodes\":[{\"name\":7}]}", TA_ERROR_PARSE, "nodes[0].name: is a number, not a string"},
        {"{\"nodes\":[{\"translation\":[1,2]}],\"scenes\":[{\"nodes\":[0]}]}", TA_ERROR_PARSE,
         "nodes[0].translation: holds 2 entries, not 3 numbers"},
        {"{\"nodes\":[{}],\"skins\":[{\"joints\":[]}]}", TA_ERROR_PARSE, "skins[0].joints: is missing or empty"},
        {"{\"nodes\":[{}],\"skins\":[{\"joints\":[3]}]}", TA_ERROR_PARSE,
         "skins[0].joints[0]: 3 is not below the 1 nodes"},
        {"{\"meshes\":[{\"primitives\":[]}]}", TA_ERROR_PARSE, "meshes[0].primitives: is missing or empty"},
        {"{\"meshes\":[{\"primitives\":[{\"attributes\":{\"POSITION\":0}}]}]}", TA_ERROR_PARSE,
         "meshes[0].primitives[0].attributes.POSITION: 0, but the file has no accessors"},
        {"{\"meshes\":[{\"primitives\":[{\"attributes\":{},\"mode\":7}]}]}", TA_ERROR_PARSE,
         "meshes[0].primitives[0].mode: 7 is not in [0, 6]"},
        {"{\"cameras\":[{\"type\":\"fisheye\"}]}", TA_ERROR_PARSE, "cameras[0].type: is not \"perspective\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
        gltf_tb tb;
        gltf_tb_init(&tb);
        json_t *doc = json_loads(cases[i].json, 0, NULL);
        assert_non_null(doc);
        json_object_update(tb.root, doc);
        json_decref(doc);
        check_refused(&tb, NULL, cases[i].code, cases[i].needle);
        gltf_tb_free(&tb);
    }
    /* A chain deeper than max_depth. */
    gltf_tb tb;
    gltf_tb_init(&tb);
    for (int i = 0; i < 6; ++i)
        gltf_tb_add(&tb, "nodes", i < 5 ? json_pack("{s:[i]}", "children", i + 1) : json_object());
    ta_load_options opts = {0};
    opts.limits.max_depth = 5;
    check_refused(&tb, &opts, TA_ERROR_LIMIT_EXCEEDED, "nodes[5]: 6 levels deep, past limits.max_depth (5)");
    opts.limits.max_depth = 6;
    scene_of(&tb, json_pack("[i]", 0));
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(gltf_tb_load(&tb, GLTF_TB_GLB, &opts, &model, &err), &err);
    assert_int_equal(model->scene->node_count, 6);
    ta_model_destroy(model);
    /* More scene nodes than max_nodes (a Group's primitives count too). */
    opts.limits.max_depth = 0;
    opts.limits.max_nodes = 5;
    check_refused(&tb, &opts, TA_ERROR_LIMIT_EXCEEDED, "nodes: 6 nodes, past limits.max_nodes (5)");
    gltf_tb_free(&tb);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(matrices_are_decomposed),
        cmocka_unit_test(numbers_past_float32_are_refused),
        cmocka_unit_test(names_are_sanitized_and_made_unique),
        cmocka_unit_test(names_come_in_three_js_order),
        cmocka_unit_test(a_shared_mesh_is_copied_per_use),
        cmocka_unit_test(morph_targets_weights_and_names),
        cmocka_unit_test(skins_make_bones_and_skinned_meshes),
        cmocka_unit_test(materials_from_pbr_metallic_roughness),
        cmocka_unit_test(cameras_and_lights),
        cmocka_unit_test(the_default_scene_is_made),
        cmocka_unit_test(broken_node_trees_are_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
