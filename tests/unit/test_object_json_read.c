/*
 * ta_object_json_read: documents as three.js's Object3D.toJSON writes them,
 * read as ObjectLoader.parse reads them. Expected values come from the
 * document (a hex color's bytes, a matrix built from a known position, turn
 * and scale) or from three.js's rules (Matrix4.decompose of a matrix of zero
 * determinant gives the identity turn and a scale of one; a physical
 * material's reflectivity r sets ior = (1 + 0.4 r) / (1 - 0.4 r); a clip's
 * tracks bind as PropertyBinding binds them). Refusals check the code, the
 * JSON path in the message, that no model is made and that nothing leaks.
 *
 * Documents are written with ' for " to keep them readable.
 */
#include "ta_test.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "threeanim/object_json.h"
#include "threeanim/threeanim.h"

/* The text with each ' made a ". Static: one document at a time. */
static const char *doc(const char *text)
{
    static char buffer[16384];
    size_t n = strlen(text);
    assert_true(n < sizeof buffer);
    for (size_t i = 0; i <= n; ++i) buffer[i] = text[i] == '\'' ? '"' : text[i];
    return buffer;
}

typedef struct counted {
    ta_test_counter counter;
    ta_allocator allocator;
    ta_load_options options;
} counted;

static void counted_init(counted *c)
{
    memset(c, 0, sizeof *c);
    c->counter.fail_after = -1;
    c->allocator = ta_test_counting_allocator(&c->counter);
    c->options.allocator = &c->allocator;
}

static ta_model *read_ok(counted *c, const char *text)
{
    ta_model *model = NULL;
    ta_error err = {0};
    TA_ASSERT_OK(ta_object_json_read(text, strlen(text), &c->options, &model, &err), &err);
    return model;
}

static void refused(counted *c, const char *text, ta_result code, const char *needle)
{
    ta_model *model = (ta_model *)c;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_object_json_read(text, strlen(text), &c->options, &model, &err), &err, code, needle);
    assert_ptr_equal(model, (ta_model *)c);
    assert_int_equal(c->counter.live_bytes, 0);
}

static ta_node_id find(const ta_model *m, const char *uuid)
{
    ta_node_id n = ta_node_none();
    ta_error err = {0};
    TA_ASSERT_OK(ta_scene_find_by_uuid(m->scene, uuid, &n, &err), &err);
    return n;
}

static bool has_warning(const ta_model *m, const char *needle)
{
    for (uint32_t i = 0; i < m->warning_count; ++i)
        if (strstr(m->warnings[i], needle) != NULL) return true;
    return false;
}

#define META "'metadata':{'version':4.7,'type':'Object','generator':'Object3D.toJSON'}"

/* A scene with one of each object, as Object3D.toJSON writes it (matrices),
 * and a clip on the scene and one on the skinned mesh. */
static const char *const full_scene =
    "{" META ","
    "'geometries':[{'uuid':'g-morph','type':'BufferGeometry','data':{'attributes':{},'morphAttributes':{'position':["
    "{'itemSize':3,'type':'Float32Array','array':[],'name':'smile'},{'itemSize':3,'type':'Float32Array','array':[]}]}}}],"
    "'images':[{'uuid':'i-1','url':''}],"
    "'textures':[{'uuid':'t-1','name':'checker','image':'i-1','offset':[0.25,0.5],'repeat':[2,3],'center':[0.5,0.5],"
    "'rotation':0.75}],"
    "'materials':["
    "{'uuid':'m-std','type':'MeshStandardMaterial','name':'skin','color':16744448,'emissive':255,'roughness':0.25,"
    "'metalness':0.75,'opacity':0.5,'transparent':true,'map':'t-1'},"
    "{'uuid':'m-basic','type':'MeshBasicMaterial','color':65280,'wireframe':true},"
    "{'uuid':'m-phys','type':'MeshPhysicalMaterial','reflectivity':0.5,'clearcoat':0.5},"
    "{'uuid':'m-phong','type':'MeshPhongMaterial','specular':1118481,'shininess':60}],"
    "'skeletons':[{'uuid':'s-1','bones':['b-hips','b-spine'],'boneInverses':[[1,0,0,0,0,1,0,0,0,0,1,0,0,-1,0,1],"
    "[2,0,0,0,0,2,0,0,0,0,2,0,0.5,-3,0,1]]}],"
    "'animations':["
    "{'name':'wave','duration':2,'uuid':'c-wave','blendMode':2500,'userData':'{}','tracks':["
    "{'name':'Cube.position','times':[0,2],'values':[0,0,0,1,1,1],'type':'vector'},"
    "{'name':'u-multi.material[1].opacity','times':[0,1],'values':[1,0],'type':'number'},"
    "{'name':'Cube.morphTargetInfluences','times':[0,1],'values':[0,1,1,0],'type':'number'},"
    "{'name':'Cube.map.offset','times':[0,1],'values':[0,0,1,1],'type':'vector'},"
    "{'name':'Spot.intensity','times':[0,1],'values':[1,2],'type':'number'},"
    "{'name':'Nobody.position','times':[0,1],'values':[0,0,0,1,1,1],'type':'vector'}]},"
    "{'name':'bend','duration':1,'uuid':'c-bend','blendMode':2501,'userData':'{}','tracks':["
    "{'name':'.bones[spine].quaternion','times':[0,1],'values':[0,0,0,1,0,0,1,0],'type':'quaternion'},"
    "{'name':'.morphTargetInfluences[smile]','times':[0],'values':[1],'type':'number'}]},"
    "{'name':'ghost','duration':1,'uuid':'c-ghost','tracks':["
    "{'name':'Nobody.scale','times':[0,1],'values':[1,1,1,2,2,2],'type':'vector'}]},"
    "{'name':'orphan','duration':1,'uuid':'c-orphan','tracks':["
    "{'name':'Cube.visible','times':[0,1],'values':[true,false],'type':'bool'}]},"
    "{'name':'nod','duration':1,'uuid':'c-nod','tracks':["
    "{'name':'hips.position','times':[0,1],'values':[0,0,0,0,1,0],'type':'vector'}]}],"
    "'object':{'uuid':'u-scene','type':'Scene','name':'World','animations':['c-wave','c-ghost','c-nod'],'children':["
    "{'uuid':'u-group','type':'Group','name':'Rig','visible':false,"
    " 'matrix':[0,2,0,0, -2,0,0,0, 0,0,2,0, 1,2,3,1],'children':["
    "  {'uuid':'u-cube','type':'Mesh','name':'Cube','geometry':'g-morph','material':'m-std',"
    "   'morphTargetInfluences':[0.25,0.5],'matrix':[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]},"
    "  {'uuid':'u-multi','type':'Mesh','name':'Multi','material':['m-basic','m-phys','m-phong'],"
    "   'matrix':[0,0,0,0,0,1,0,0,0,0,1,0,4,5,6,1]}]},"
    "{'uuid':'u-body','type':'SkinnedMesh','name':'Body','geometry':'g-morph','material':'m-basic','skeleton':'s-1',"
    "'bindMode':'detached','bindMatrix':[1,0,0,0,0,1,0,0,0,0,1,0,0,0,4,1],"
    " 'morphTargetDictionary':{'frown':0,'smile':1},'animations':['c-bend','c-nod'],'children':["
    "  {'uuid':'b-hips','type':'Bone','name':'hips','children':[{'uuid':'b-spine','type':'Bone','name':'spine'}]}]},"
    "{'uuid':'u-spot','type':'SpotLight','name':'Spot','color':16711680,'intensity':3,'distance':10,'angle':0.5,"
    " 'penumbra':0.25,'decay':1,'target':'x'},"
    "{'uuid':'u-hemi','type':'HemisphereLight','name':'Sky','color':255,'groundColor':65280,'intensity':0.5},"
    "{'uuid':'u-cam','type':'PerspectiveCamera','name':'Cam','fov':35,'zoom':2,'near':0.5,'far':50,'aspect':1.5,"
    " 'filmGauge':30,'filmOffset':1},"
    "{'uuid':'u-ortho','type':'OrthographicCamera','name':'Ortho','left':-2,'right':2,'top':1,'bottom':-1,"
    " 'near':1,'far':9,'zoom':3}]}}";

static void test_objects_as_object_loader_makes_them(void **state)
{
    (void)state;
    counted c;
    counted_init(&c);
    ta_model *m = read_ok(&c, doc(full_scene));
    const ta_scene *s = m->scene;
    assert_string_equal(s->name, "World");
    assert_string_equal(s->uuid, "u-scene");
    assert_int_equal(s->node_count, 10);

    const ta_node *rig = ta_scene_node_const(s, find(m, "u-group"));
    assert_string_equal(rig->name, "Rig");
    assert_int_equal(rig->type, TA_NODE_TYPE_GROUP);
    assert_false(rig->visible);
    assert_true(ta_node_is_none(rig->parent));
    /* position (1, 2, 3), a quarter turn about z, scale 2. */
    TA_ASSERT_NEAR(rig->position.x, 1, 1e-6);
    TA_ASSERT_NEAR(rig->position.z, 3, 1e-6);
    TA_ASSERT_NEAR(rig->quaternion.z, sqrt(0.5), 1e-6);
    TA_ASSERT_NEAR(rig->quaternion.w, sqrt(0.5), 1e-6);
    TA_ASSERT_NEAR(rig->quaternion.x, 0, 1e-6);
    TA_ASSERT_NEAR(rig->scale.x, 2, 1e-6);
    TA_ASSERT_NEAR(rig->scale.y, 2, 1e-6);
    /* Multi's matrix has a zero column: three.js keeps the position and makes the rest identity. */
    const ta_node *multi = ta_scene_node_const(s, find(m, "u-multi"));
    TA_ASSERT_NEAR(multi->position.y, 5, 0);
    TA_ASSERT_NEAR(multi->scale.x, 1, 0);
    TA_ASSERT_NEAR(multi->quaternion.w, 1, 0);
    assert_int_equal(multi->parent.index, find(m, "u-group").index);

    /* Meshes: Cube, Multi; skinned: Body. */
    assert_int_equal(s->mesh_count, 2);
    const ta_mesh *cube = &s->meshes[0];
    assert_int_equal(cube->node.index, find(m, "u-cube").index);
    assert_int_equal(cube->morph_count, 2);
    TA_ASSERT_NEAR(cube->morph_influences[1], 0.5, 0);
    assert_string_equal(cube->morph_names[0], "smile"); /* the geometry's names */
    assert_string_equal(cube->morph_names[1], "1");     /* String(m) for an unnamed one */
    assert_int_equal(cube->material_count, 1);
    assert_int_equal(s->meshes[1].material_count, 3);
    const ta_mesh *body = &s->skinned_meshes[0];
    assert_int_equal(s->skinned_mesh_count, 1);
    assert_int_equal(body->morph_count, 2);
    TA_ASSERT_NEAR(body->morph_influences[0], 0, 0);
    assert_string_equal(body->morph_names[0], "frown"); /* the document's dictionary */
    assert_int_equal(body->bone_count, 2);
    assert_int_equal(body->bones[0].index, find(m, "b-hips").index);
    assert_int_equal(body->bones[1].index, find(m, "b-spine").index);
    assert_int_equal(ta_scene_node_const(s, body->bones[1])->type, TA_NODE_TYPE_BONE);
    /* its skin: the skeleton's uuid and boneInverses, bound as the document says */
    assert_int_equal(s->skin_count, 1);
    const ta_skin *skin = ta_scene_skin(s, body->skin);
    assert_non_null(skin);
    assert_string_equal(skin->uuid, "s-1");
    assert_int_equal(skin->joint_count, 2);
    assert_true(skin->inverse_binds[0].m[13] == -1.0f && skin->inverse_binds[1].m[0] == 2.0f &&
                skin->inverse_binds[1].m[12] == 0.5f);
    assert_int_equal(body->bind_mode, TA_BIND_MODE_DETACHED);
    assert_true(body->bind_matrix.m[14] == 4.0f);

    /* Materials: sRGB bytes of the hex colors. */
    const ta_material *std = &m->assets->materials[cube->materials[0].index];
    assert_string_equal(std->uuid, "m-std");
    assert_string_equal(std->name, "skin");
    assert_int_equal(std->kind, TA_MATERIAL_KIND_STANDARD);
    assert_int_equal(std->color[0], 255);
    assert_int_equal(std->color[1], 128);
    assert_int_equal(std->color[2], 0);
    assert_int_equal(std->emissive[2], 255);
    TA_ASSERT_NEAR(std->roughness, 0.25, 0);
    TA_ASSERT_NEAR(std->opacity, 0.5, 0);
    assert_true(std->transparent);
    const ta_texture *tex = &m->assets->textures[std->map.index];
    assert_string_equal(tex->uuid, "t-1");
    TA_ASSERT_NEAR(tex->offset.y, 0.5, 0);
    TA_ASSERT_NEAR(tex->repeat.x, 2, 0);
    TA_ASSERT_NEAR(tex->center.x, 0.5, 0);
    TA_ASSERT_NEAR(tex->rotation, 0.75, 0);
    const ta_material *basic = &m->assets->materials[s->meshes[1].materials[0].index];
    assert_true(basic->wireframe);
    assert_int_equal(basic->map.index, TA_NONE);
    const ta_material *phys = &m->assets->materials[s->meshes[1].materials[1].index];
    assert_int_equal(phys->kind, TA_MATERIAL_KIND_PHYSICAL);
    TA_ASSERT_NEAR(phys->ior, 1.2 / 0.8, 1e-6);
    const ta_material *phong = &m->assets->materials[s->meshes[1].materials[2].index];
    assert_int_equal(phong->specular[0], 0x11);
    TA_ASSERT_NEAR(phong->shininess, 60, 0);

    /* Lights and cameras, each with its node. */
    assert_int_equal(s->light_count, 2);
    const ta_light *spot = &s->lights[0];
    assert_int_equal(spot->kind, TA_LIGHT_KIND_SPOT);
    assert_int_equal(spot->node.index, find(m, "u-spot").index);
    assert_int_equal(ta_scene_node_const(s, spot->node)->type, TA_NODE_TYPE_LIGHT);
    assert_int_equal(spot->color[0], 255);
    TA_ASSERT_NEAR(spot->intensity, 3, 0);
    TA_ASSERT_NEAR(spot->distance, 10, 0);
    TA_ASSERT_NEAR(spot->angle, 0.5, 0);
    TA_ASSERT_NEAR(spot->penumbra, 0.25, 0);
    TA_ASSERT_NEAR(spot->decay, 1, 0);
    assert_int_equal(s->lights[1].kind, TA_LIGHT_KIND_HEMISPHERE);
    assert_int_equal(s->lights[1].ground_color[1], 255);
    assert_int_equal(m->cameras->perspective_count, 1);
    const ta_perspective_camera *cam = &m->cameras->perspective[0];
    assert_int_equal(cam->node.index, find(m, "u-cam").index);
    assert_int_equal(ta_scene_node_const(s, cam->node)->type, TA_NODE_TYPE_PERSPECTIVE_CAMERA);
    TA_ASSERT_NEAR(cam->fov, 35, 0);
    TA_ASSERT_NEAR(cam->zoom, 2, 0);
    TA_ASSERT_NEAR(cam->far, 50, 0);
    TA_ASSERT_NEAR(cam->aspect, 1.5, 0);
    TA_ASSERT_NEAR(cam->film_gauge, 30, 0);
    const ta_orthographic_camera *ortho = &m->cameras->orthographic[0];
    TA_ASSERT_NEAR(ortho->left, -2, 0);
    TA_ASSERT_NEAR(ortho->zoom, 3, 0);
    ta_model_destroy(m);
    assert_int_equal(c.counter.live_bytes, 0);
}

static void test_clips_bind_where_they_are_listed(void **state)
{
    (void)state;
    counted c;
    counted_init(&c);
    ta_model *m = read_ok(&c, doc(full_scene));
    /* In the document's order: wave (at the Scene), bend (at Body), orphan (at
     * the root: no object lists it), nod (at the Scene, the first object that
     * lists it); then a copy of nod at Body, the other object that lists it.
     * ghost binds nothing and is left out. */
    assert_int_equal(m->animation_count, 5);
    assert_string_equal(ta_clip_name(m->animations[0]), "wave");
    assert_true(ta_node_is_none(m->animation_roots[0]));
    assert_string_equal(ta_clip_name(m->animations[1]), "bend");
    assert_int_equal(m->animation_roots[1].index, find(m, "u-body").index);
    assert_int_equal(ta_clip_blend_mode(m->animations[1]), TA_BLEND_MODE_ADDITIVE);
    assert_string_equal(ta_clip_name(m->animations[2]), "orphan");
    assert_true(ta_node_is_none(m->animation_roots[2]));
    assert_string_equal(ta_clip_name(m->animations[3]), "nod");
    assert_true(ta_node_is_none(m->animation_roots[3]));
    assert_string_equal(ta_clip_name(m->animations[4]), "nod");
    assert_int_equal(m->animation_roots[4].index, find(m, "u-body").index);
    /* From the Scene, hips is found below; from Body, as a bone of its skeleton. */
    assert_int_equal(ta_track_target_of(ta_clip_track(m->animations[3], 0)).index, find(m, "b-hips").index);
    assert_int_equal(ta_track_target_of(ta_clip_track(m->animations[4], 0)).index, find(m, "b-hips").index);
    assert_true(has_warning(m, "animations[3]: no object lists the clip \"orphan\""));
    assert_true(has_warning(m, "animations[2]: the clip \"ghost\" is left out"));
    assert_true(has_warning(m, "animations[0].tracks[5]: left out: track \"Nobody.position\""));

    /* wave at the Scene: position, material[1].opacity, the two morph targets
     * of the whole morphTargetInfluences, map.offset, intensity. */
    const ta_clip *wave = m->animations[0];
    assert_int_equal(ta_clip_track_count(wave), 6);
    ta_track_target t = ta_track_target_of(ta_clip_track(wave, 1));
    assert_int_equal(t.kind, TA_TRACK_KIND_MATERIAL_OPACITY);
    assert_string_equal(m->assets->materials[t.index].uuid, "m-phys");
    t = ta_track_target_of(ta_clip_track(wave, 3));
    assert_int_equal(t.kind, TA_TRACK_KIND_MORPH_INFLUENCE);
    assert_int_equal(t.element, 1);
    TA_ASSERT_NEAR(ta_track_values(ta_clip_track(wave, 3))[0], 1, 0);
    TA_ASSERT_NEAR(ta_track_values(ta_clip_track(wave, 3))[1], 0, 0);
    t = ta_track_target_of(ta_clip_track(wave, 4));
    assert_int_equal(t.kind, TA_TRACK_KIND_MATERIAL_MAP_OFFSET);
    assert_string_equal(m->assets->materials[t.index].uuid, "m-std");
    t = ta_track_target_of(ta_clip_track(wave, 5));
    assert_int_equal(t.kind, TA_TRACK_KIND_LIGHT_INTENSITY);
    assert_int_equal(t.index, 0);

    /* bend at Body: a bone of its skeleton by name, and its own morph target by
     * name through its dictionary (smile is 1 there). */
    const ta_clip *bend = m->animations[1];
    t = ta_track_target_of(ta_clip_track(bend, 0));
    assert_int_equal(t.kind, TA_TRACK_KIND_QUATERNION);
    assert_int_equal(t.index, find(m, "b-spine").index);
    t = ta_track_target_of(ta_clip_track(bend, 1));
    assert_int_equal(t.kind, TA_TRACK_KIND_SKINNED_MORPH_INFLUENCE);
    assert_int_equal(t.element, 1);
    ta_model_destroy(m);
    assert_int_equal(c.counter.live_bytes, 0);
}

static void test_a_root_that_is_not_a_scene_is_the_top_node(void **state)
{
    (void)state;
    counted c;
    counted_init(&c);
    ta_model *m = read_ok(&c, doc("{" META ",'animations':[{'name':'a','uuid':'c1','tracks':["
                                  "{'name':'.position','times':[0,1],'values':[0,0,0,1,1,1],'type':'vector'},"
                                  "{'name':'Leaf.visible','times':[0,1],'values':[true,false],'type':'bool'}]}],"
                                  "'object':{'uuid':'u-top','type':'Group','name':'Top','animations':['c1'],"
                                  "'position':[1,2,3],'rotation':[1.5707963267948966,0,0,'XYZ'],'scale':[1,2,3],"
                                  "'children':[{'uuid':'u-leaf','type':'ArrayCamera','name':'Leaf',"
                                  "'quaternion':[0,0,1,0],'rotation':[1,2,3,'YXZ']},"
                                  "{'uuid':'u-line','type':'Line','name':'Wire'}]}}"));
    assert_string_equal(m->scene->uuid, "");
    assert_int_equal(m->scene->node_count, 3);
    const ta_node *top = &m->scene->nodes[0];
    assert_string_equal(top->uuid, "u-top");
    assert_true(ta_node_is_none(top->parent));
    /* A quarter turn about x (Euler XYZ): sin and cos of pi/4. */
    TA_ASSERT_NEAR(top->quaternion.x, sqrt(0.5), 1e-6);
    TA_ASSERT_NEAR(top->quaternion.w, sqrt(0.5), 1e-6);
    TA_ASSERT_NEAR(top->scale.z, 3, 0);
    /* quaternion wins over rotation, as fromArray runs after; an unknown type is an Object3D. */
    const ta_node *leaf = &m->scene->nodes[1];
    TA_ASSERT_NEAR(leaf->quaternion.z, 1, 0);
    assert_int_equal(leaf->type, TA_NODE_TYPE_OBJECT3D);
    assert_true(has_warning(m, "object.children[1]: a Line is read as a plain node"));
    assert_false(has_warning(m, "ArrayCamera"));
    assert_int_equal(m->animation_count, 1);
    assert_int_equal(m->animation_roots[0].index, 0);
    assert_int_equal(ta_track_target_of(ta_clip_track(m->animations[0], 0)).index, 0);
    assert_int_equal(ta_track_target_of(ta_clip_track(m->animations[0], 1)).index, 1);
    ta_model_destroy(m);
    assert_int_equal(c.counter.live_bytes, 0);
}

/* three.js's element form ".material[opacity]" binds material["opacity"]: .material.opacity. */
static void test_the_element_form_of_a_material_property(void **state)
{
    (void)state;
    counted c;
    counted_init(&c);
    ta_model *m = read_ok(&c, doc("{" META ",'materials':[{'uuid':'m1','type':'MeshStandardMaterial','opacity':1}],"
                                  "'animations':[{'name':'fade','uuid':'c1','tracks':["
                                  "{'name':'Box.material[opacity]','times':[0,1],'values':[1,0],'type':'number'},"
                                  "{'name':'.material[opacity]','times':[0,1],'values':[1,0],'type':'number'}]}],"
                                  "'object':{'uuid':'u-top','type':'Group','name':'Top','animations':['c1'],"
                                  "'children':[{'uuid':'u-box','type':'Mesh','name':'Box','material':'m1'}]}}"));
    assert_int_equal(m->animation_count, 1);
    assert_int_equal(ta_clip_track_count(m->animations[0]), 1);
    ta_track_target t = ta_track_target_of(ta_clip_track(m->animations[0], 0));
    assert_int_equal(t.kind, TA_TRACK_KIND_MATERIAL_OPACITY);
    assert_int_equal(t.family, TA_TARGET_FAMILY_MATERIAL);
    assert_int_equal(t.index, 0);
    TA_ASSERT_NEAR(ta_track_values(ta_clip_track(m->animations[0], 0))[1], 0, 0);
    /* on the Group, which draws with no material, it binds to nothing, as in three.js */
    assert_true(has_warning(m, "animations[0].tracks[1]: left out: track \".material[opacity]\": the object \"Top\" has no material"));
    ta_model_destroy(m);
    assert_int_equal(c.counter.live_bytes, 0);
}

static void test_bad_documents_are_refused_with_their_path(void **state)
{
    (void)state;
    counted c;
    counted_init(&c);
    static const struct {
        const char *text;
        ta_result code;
        const char *needle;
    } cases[] = {
        {"{" META ",'object':{'uuid':'a','type':'Scene','children':[", TA_ERROR_PARSE, "document: line 1 column"},
        {"{'object':{'type':'Scene'}}", TA_ERROR_PARSE, "metadata: is missing"},
        {"{'metadata':{'version':5},'object':{}}", TA_ERROR_UNSUPPORTED, "metadata.version: 5 is not a version 4.x"},
        {"{'metadata':{'version':4.5,'type':'Geometry'},'object':{}}", TA_ERROR_UNSUPPORTED,
         "metadata.type: \"Geometry\" is not an object document"},
        {"{" META "}", TA_ERROR_PARSE, "object: is missing"},
        {"{" META ",'object':{'type':'Scene','children':[{'name':5}]}}", TA_ERROR_PARSE,
         "object.children[0].name: is a number, not a string"},
        {"{" META ",'object':{'type':'Scene','children':[{'matrix':[1,2]}]}}", TA_ERROR_PARSE,
         "object.children[0].matrix: holds 2 numbers, not 16"},
        {"{" META ",'object':{'type':'Scene','children':[{'position':[0,null,0]}]}}", TA_ERROR_PARSE,
         "object.children[0].position[1]: is null, not a number"},
        {"{" META ",'object':{'type':'Scene','children':[{'rotation':[0,0,0,'QQQ']}]}}", TA_ERROR_PARSE,
         "object.children[0].rotation[3]: \"QQQ\" is not an Euler order"},
        {"{" META ",'object':{'type':'Scene','children':[7]}}", TA_ERROR_PARSE,
         "object.children[0]: is a number, not an object"},
        {"{" META ",'object':{'type':'Mesh','material':'nope'}}", TA_ERROR_MISSING_TARGET,
         "object.material: \"nope\" is the uuid of no material of the document"},
        {"{" META ",'materials':[{'uuid':'m','type':'MeshBasicMaterial'}],'object':{'type':'Mesh','material':['m','x']}}",
         TA_ERROR_MISSING_TARGET, "object.material[1]: \"x\" is the uuid of no material"},
        {"{" META ",'object':{'type':'Mesh','geometry':'g'}}", TA_ERROR_MISSING_TARGET,
         "object.geometry: \"g\" is the uuid of no geometry"},
        {"{" META ",'materials':[{'uuid':'m','type':'MeshBasicMaterial','map':'t'}],'object':{'type':'Group'}}",
         TA_ERROR_MISSING_TARGET, "materials[0].map: \"t\" is the uuid of no texture"},
        {"{" META ",'textures':[{'uuid':'t','image':'i'}],'object':{'type':'Group'}}", TA_ERROR_MISSING_TARGET,
         "textures[0].image: \"i\" is the uuid of no image"},
        {"{" META ",'object':{'type':'Scene','children':[{'type':'SkinnedMesh','skeleton':'s'}]}}",
         TA_ERROR_MISSING_TARGET, "object.children[0].skeleton: \"s\" is the uuid of no skeleton"},
        {"{" META ",'skeletons':[{'uuid':'s','bones':['b1','b2'],'boneInverses':[[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1],[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]]}],"
         "'object':{'type':'Scene','children':["
         "{'type':'SkinnedMesh','skeleton':'s'},{'type':'Bone','uuid':'b1'},{'type':'Group','uuid':'b2'}]}}",
         TA_ERROR_MISSING_TARGET, "skeletons[0].bones[1]: \"b2\" is the uuid of no Bone"},
        {"{" META ",'skeletons':[{'uuid':'s','bones':['b1','b2'],'boneInverses':[[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]]}],'object':{'type':'Group'}}",
         TA_ERROR_PARSE, "skeletons[0].boneInverses: holds 1 matrices, fewer than the skeleton's 2 bones"},
        {"{" META ",'skeletons':[{'uuid':'s','bones':['b1'],'boneInverses':[[1,0,0]]}],'object':{'type':'Group'}}",
         TA_ERROR_PARSE, "skeletons[0].boneInverses[0]: is not an array of 16 numbers"},
        {"{" META ",'skeletons':[{'uuid':'s','bones':['b1']}],'object':{'type':'Group'}}", TA_ERROR_PARSE,
         "skeletons[0].boneInverses"},
        {"{" META ",'skeletons':[{'uuid':'s','bones':['b1'],'boneInverses':[[1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1]]}],'object':{'type':'Scene',"
         "'children':[{'type':'SkinnedMesh','skeleton':'s','bindMode':'glued'},{'type':'Bone','uuid':'b1'}]}}",
         TA_ERROR_PARSE, "object.children[0].bindMode: \"glued\" is neither \"attached\" nor \"detached\""},
        {"{" META ",'object':{'type':'Scene','animations':['c']}}", TA_ERROR_MISSING_TARGET,
         "object.animations[0]: \"c\" is the uuid of no clip"},
        {"{" META ",'object':{'type':'Mesh','morphTargetDictionary':{'a':'x'}}}", TA_ERROR_PARSE,
         "object.morphTargetDictionary.a: is a string, not a morph target index"},
        {"{" META ",'object':{'type':'SpotLight','angle':2}}", TA_ERROR_OUT_OF_RANGE, "object: light.angle: 2"},
        {"{" META ",'object':{'type':'PerspectiveCamera','near':5,'far':1}}", TA_ERROR_OUT_OF_RANGE, "object: "},
        {"{" META ",'materials':[{'uuid':'m','type':'MeshBasicMaterial','opacity':2}],'object':{}}",
         TA_ERROR_OUT_OF_RANGE, "materials[0]: material.opacity: 2"},
        {"{" META ",'materials':[{'uuid':'m','type':'MeshBasicMaterial','color':'#fff'}],'object':{}}", TA_ERROR_PARSE,
         "materials[0].color: is a string, not a number"},
        {"{" META ",'materials':[{'type':'MeshBasicMaterial'}],'object':{}}", TA_ERROR_PARSE,
         "materials[0].uuid: is missing"},
        {"{" META ",'animations':[{'uuid':'c','tracks':[{'name':'.position','type':'vector','times':[0],"
         "'values':[0,0,0]}]}],'object':{'type':'Scene','animations':['c']}}",
         TA_ERROR_UNSUPPORTED, "animations[0].tracks[0].name: track \".position\": names the Scene itself"},
        {"{" META ",'animations':[{'uuid':'c','tracks':[{'name':'.up','type':'vector','times':[0],"
         "'values':[0,0,0]}]}],'object':{'type':'Group','animations':['c']}}",
         TA_ERROR_UNSUPPORTED, "animations[0].tracks[0].name: track \".up\": the object's property \"up\""},
        {"{" META ",'animations':[{'uuid':'c','blendMode':7,'tracks':[]}],'object':{'type':'Group'}}",
         TA_ERROR_UNKNOWN_ENUM, "animations[0].blendMode: 7 is not a blend mode"},
        {"{" META ",'animations':[{'uuid':'c','tracks':[{'name':'.scale','type':'quaternion','times':[0],"
         "'values':[0,0,0,1]}]}],'object':{'type':'Group'}}",
         TA_ERROR_WRONG_KIND, "animations[0].tracks[0].type: \"quaternion\" is not the type of \".scale\""},
        {"{" META ",'animations':[{'uuid':'c','tracks':[{'name':'.scale','type':'vector','keys':[]}]}],"
         "'object':{'type':'Group'}}",
         TA_ERROR_UNSUPPORTED, "animations[0].tracks[0].keys: the older keys form"},
        {"{" META ",'animations':[{'uuid':'c','tracks':[{'name':'.scale','type':'vector','times':[0],'values':[1,1,1],"
         "'interpolation':'CubicSpline'}]}],'object':{'type':'Group'}}",
         TA_ERROR_UNSUPPORTED, "animations[0].tracks[0].interpolation: cubic spline"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) refused(&c, doc(cases[i].text), cases[i].code, cases[i].needle);
}

static void test_limits_are_checked_before_building(void **state)
{
    (void)state;
    counted c;
    counted_init(&c);
    const char *three = doc("{" META ",'animations':[{'uuid':'a','tracks':[{'name':'x.position','type':'vector',"
                            "'times':[0,1],'values':[0,0,0,1,1,1]}]},{'uuid':'b','tracks':[]}],"
                            "'object':{'type':'Group','name':'r','children':[{'type':'Group','name':'x'},"
                            "{'type':'Group'}]}}");
    char text[16384]; /* doc()'s buffer is reused by the next call: a copy of its size */
    snprintf(text, sizeof text, "%s", three);
    c.options.limits.max_nodes = 2;
    refused(&c, text, TA_ERROR_LIMIT_EXCEEDED, "object: more than 2 objects pass the limit (limits.max_nodes)");
    c.options.limits.max_nodes = 0;
    c.options.limits.max_clips = 1;
    refused(&c, text, TA_ERROR_LIMIT_EXCEEDED, "animations: 2 clips pass the limit of 1 (limits.max_clips)");
    c.options.limits.max_clips = 0;
    c.options.limits.max_total_keys = 1;
    refused(&c, text, TA_ERROR_LIMIT_EXCEEDED, "animations[0].tracks[0].times: 2 more keys pass the limit of 1");
    c.options.limits.max_total_keys = 0;
    c.options.limits.max_depth = 3;
    refused(&c, text, TA_ERROR_LIMIT_EXCEEDED, "nest deeper than the limit of 3");
    c.options.limits.max_depth = 0;
    c.options.limits.max_file_bytes = 100;
    refused(&c, text, TA_ERROR_LIMIT_EXCEEDED, "(limits.max_file_bytes)");
    c.options.limits.max_file_bytes = 0;
    /* A huge array is refused by the key limit before its numbers are read. */
    size_t n = 200000;
    char *big = malloc(n * 2 + 512);
    size_t len = (size_t)sprintf(big, "%s", doc("{" META ",'animations':[{'uuid':'a','tracks':[{'name':'x.visible',"
                                                "'type':'bool','values':[],'times':["));
    for (size_t i = 0; i < n; ++i) len += (size_t)sprintf(big + len, i ? ",%zu" : "%zu", i % 10);
    len += (size_t)sprintf(big + len, "%s", doc("]}]}],'object':{'type':'Group','animations':['a']}}"));
    c.options.limits.max_total_keys = 1000;
    refused(&c, big, TA_ERROR_LIMIT_EXCEEDED, "animations[0].tracks[0].times: 200000 more keys pass the limit of 1000");
    c.options.limits.max_total_keys = 0;
    free(big);
    ta_model *m = read_ok(&c, text);
    assert_int_equal(m->scene->node_count, 3);
    ta_model_destroy(m);
}

/* A mesh of n morph targets: n influences, or (influences false) a geometry of
 * n unnamed morph attributes. Returns malloc'd JSON. */
static char *morph_mesh(uint32_t n, bool influences)
{
    char *text = malloc(64 * (size_t)n + 512);
    assert_non_null(text);
    size_t o = (size_t)sprintf(text, "%s", doc("{" META ",'geometries':[{'uuid':'g','type':'BufferGeometry','data':{"
                                                 "'attributes':{},'morphAttributes':{'position':["));
    for (uint32_t i = 0; !influences && i < n; ++i)
        o += (size_t)sprintf(text + o, "%s{\"itemSize\":3,\"type\":\"Float32Array\",\"array\":[]}", i ? "," : "");
    o += (size_t)sprintf(text + o, "%s", doc("]}}}],'object':{'type':'Mesh','geometry':'g'"));
    if (influences) {
        o += (size_t)sprintf(text + o, ",\"morphTargetInfluences\":[");
        for (uint32_t i = 0; i < n; ++i) o += (size_t)sprintf(text + o, "%s%.17g", i ? "," : "", i / 1024.0);
        o += (size_t)sprintf(text + o, "]");
    }
    sprintf(text + o, "}}");
    return text;
}

/* three.js reads a mesh of any number of morph targets; the reader takes
 * TA_MAX_MORPH_TARGETS, a load limit, and names a geometry's unnamed target m
 * String(m), as Mesh.updateMorphTargets does, at every m. */
static void test_morph_targets_up_to_the_limit(void **state)
{
    (void)state;
    counted c;
    counted_init(&c);
    char *text = morph_mesh(TA_MAX_MORPH_TARGETS + 1, true);
    refused(&c, text, TA_ERROR_LIMIT_EXCEEDED,
            "object.morphTargetInfluences: 257 morph targets, past the 256 a mesh of three.js JSON may have "
            "(TA_MAX_MORPH_TARGETS)");
    free(text);
    text = morph_mesh(TA_MAX_MORPH_TARGETS + 1, false);
    refused(&c, text, TA_ERROR_LIMIT_EXCEEDED, "object.geometry: 257 morph targets, past the 256");
    free(text);
    for (int pass = 0; pass < 2; ++pass) {
        text = morph_mesh(TA_MAX_MORPH_TARGETS, pass == 0);
        ta_model *m = read_ok(&c, text);
        const ta_mesh *mesh = &m->scene->meshes[0];
        assert_int_equal(mesh->morph_count, TA_MAX_MORPH_TARGETS);
        TA_ASSERT_NEAR(mesh->morph_influences[255], pass == 0 ? 255 / 1024.0 : 0, 0);
        /* Influences alone make no dictionary: a target is found by its index. */
        assert_string_equal(mesh->morph_names[200], pass == 0 ? "" : "200");
        assert_string_equal(mesh->morph_names[255], pass == 0 ? "" : "255");
        uint32_t t = 0;
        ta_error err = {0};
        TA_ASSERT_OK(ta_mesh_find_morph_target(mesh, "255", &t, &err), &err);
        assert_int_equal(t, 255);
        ta_model_destroy(m);
        free(text);
    }
    assert_int_equal(c.counter.live_bytes, 0);
}

static void test_warnings_stop_at_a_thousand_with_a_count(void **state)
{
    (void)state;
    counted c;
    counted_init(&c);
    /* 1100 tracks that name nobody, and one that binds. */
    size_t size = 1100 * 96 + 512;
    char *text = malloc(size);
    size_t len = (size_t)snprintf(text, size, "%s", doc("{" META ",'animations':[{'uuid':'a','tracks':["));
    for (int i = 0; i < 1100; ++i)
        len += (size_t)snprintf(text + len, size - len, "%s",
                                doc("{'name':'Nobody.scale','type':'vector','times':[0],'values':[1,1,1]},"));
    snprintf(text + len, size - len, "%s",
             doc("{'name':'.scale','type':'vector','times':[1],'values':[1,1,1]}]}],"
                 "'object':{'type':'Group','animations':['a']}}"));
    ta_model *m = read_ok(&c, text);
    assert_int_equal(m->warning_count, 1001);
    TA_ASSERT_CONTAINS(m->warnings[0], "animations[0].tracks[0]: left out");
    assert_string_equal(m->warnings[1000], "... and 100 more warnings like these");
    assert_int_equal(ta_clip_track_count(m->animations[0]), 1);
    ta_model_destroy(m);
    /* options.strict: the first warning refuses the file. */
    ta_load_options strict = {0};
    strict.strict = true;
    ta_error err = {0};
    ta_model *none = NULL;
    TA_ASSERT_REFUSED(ta_object_json_read(text, strlen(text), &strict, &none, &err), &err, TA_ERROR_UNSUPPORTED,
                      "options->strict: animations[0].tracks[0]: left out");
    TA_ASSERT_CONTAINS(err.message, "(1100 warnings in all)");
    assert_null(none);
    free(text);
    assert_int_equal(c.counter.live_bytes, 0);
}

static void test_out_of_memory_anywhere_is_refused_cleanly(void **state)
{
    (void)state;
    counted c;
    counted_init(&c);
    const char *text = doc(full_scene);
    /* Fail the first allocation, then the second, ... until the read succeeds. */
    for (long fail = 0;; ++fail) {
        c.counter = (ta_test_counter){0, 0, 0, 0, fail};
        ta_model *m = NULL;
        ta_error err = {0};
        ta_result r = ta_object_json_read(text, strlen(text), &c.options, &m, &err);
        if (r == TA_OK) {
            assert_true(fail > 10);
            ta_model_destroy(m);
            assert_int_equal(c.counter.live_bytes, 0);
            break;
        }
        assert_int_equal(r, TA_ERROR_OUT_OF_MEMORY);
        assert_null(m);
        assert_int_equal(c.counter.live_bytes, 0);
    }
}

static void test_files_are_read(void **state)
{
    (void)state;
    ta_model *m = NULL;
    ta_error err = {0};
    TA_ASSERT_REFUSED(ta_object_json_read_file(TA_BINARY_DIR "/no/such/file.json", NULL, &m, &err), &err, TA_ERROR_IO,
                      "no/such/file.json");
    assert_null(m);
    const char *path = TA_BINARY_DIR "/test_object_json_read.json";
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fputs(doc(full_scene), f);
    fclose(f);
    TA_ASSERT_OK(ta_object_json_read_file(path, NULL, &m, &err), &err);
    assert_int_equal(m->scene->node_count, 10);
    ta_model_destroy(m);
    ta_load_options small = {NULL, {100, 0, 0, 0, 0, 0, 0}, NULL, NULL, false, 0};
    TA_ASSERT_REFUSED(ta_object_json_read_file(path, &small, &m, &err), &err, TA_ERROR_LIMIT_EXCEEDED,
                      "past limits.max_file_bytes (100)");
    remove(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_objects_as_object_loader_makes_them),
        cmocka_unit_test(test_clips_bind_where_they_are_listed),
        cmocka_unit_test(test_a_root_that_is_not_a_scene_is_the_top_node),
        cmocka_unit_test(test_the_element_form_of_a_material_property),
        cmocka_unit_test(test_bad_documents_are_refused_with_their_path),
        cmocka_unit_test(test_limits_are_checked_before_building),
        cmocka_unit_test(test_morph_targets_up_to_the_limit),
        cmocka_unit_test(test_warnings_stop_at_a_thousand_with_a_count),
        cmocka_unit_test(test_out_of_memory_anywhere_is_refused_cleanly),
        cmocka_unit_test(test_files_are_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
