/* Loading the file a subcommand is given: glTF (.gltf, .glb) or three.js
 * Object JSON, told apart by the name, then by the content. */
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* A glTF file is a GLB (its magic), or JSON with "asset" and no "metadata"
 * (three.js Object JSON has "metadata"). */
static bool looks_like_gltf(const char *text, size_t size)
{
    if (size >= 4 && memcmp(text, "glTF", 4) == 0) return true;
    json_t *doc = json_loadb(text, size, 0, NULL);
    if (doc == NULL) return false;
    bool gltf = json_is_object(doc) && json_object_get(doc, "asset") != NULL &&
                json_object_get(doc, "metadata") == NULL;
    json_decref(doc);
    return gltf;
}

ta_result cli_load_model(const char *path, ta_model **out_model, ta_error *err)
{
    bool gltf = cli_is_gltf_path(path);
    if (!gltf) {
        size_t size = 0;
        char *text = cli_read_file(path, &size, err);
        if (text == NULL) return err ? err->code : TA_ERROR_IO;
        gltf = looks_like_gltf(text, size);
        free(text);
    }
    ta_result r = gltf ? ta_gltf_load_file(path, NULL, out_model, err)
                       : ta_object_json_read_file(path, NULL, out_model, err);
    /* What the loader left out or changed, said where the user sees it ("info"
     * lists them again in its report). */
    if (r == TA_OK)
        for (uint32_t i = 0; i < (*out_model)->warning_count; ++i)
            fprintf(stderr, "threeanim: %s: warning %s: %s\n", path,
                    ta_load_warning_name((*out_model)->warning_list[i].code), (*out_model)->warnings[i]);
    return r;
}
