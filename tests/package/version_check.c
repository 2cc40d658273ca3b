/* Prints ta_library_version() and fails unless it is the version the package says
 * (TA_PACKAGE_VERSION: from pkg-config --modversion or find_package). */
#include <stdio.h>
#include <string.h>

#include "threeanim/threeanim.h"

int main(void)
{
    printf("%s\n", ta_library_version());
    if (strcmp(ta_library_version(), TA_PACKAGE_VERSION) != 0) {
        fprintf(stderr, "ta_library_version() is %s, the package says %s\n", ta_library_version(), TA_PACKAGE_VERSION);
        return 1;
    }
    return 0;
}
