/* A program that only loads: it calls nothing of the runtime library itself,
 * so a linker that drops unused libraries (--as-needed) records only
 * libthreeanim-io.so in it, and libthreeanim-io.so must find
 * libthreeanim-runtime.so on its own when the program starts. It prints the
 * number of nodes and clips of the file it is given. */
#include <stdio.h>

#include "threeanim/gltf.h"
#include "threeanim/model.h"

int main(int argc, char **argv)
{
    ta_error err = {0};
    ta_model *model = NULL;
    if (argc < 2 || ta_gltf_load_file(argv[1], NULL, &model, &err) != TA_OK) {
        fprintf(stderr, "load_only: %s\n", argc < 2 ? "usage: load_only FILE.glb" : err.message);
        return 1;
    }
    printf("%u nodes, %u clips\n", model->scene->node_count, model->animation_count);
    ta_model_destroy(model);
    return 0;
}
