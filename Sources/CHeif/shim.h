// libheif (Debian libheif-dev for this header, libheif1 at run time): the EXIF block of HEIC/HEIF
// photographs, for `cairn photos`. The library is opened with dlopen the first time a HEIF file is
// read (cairn_heif_api), not linked: linked, libheif and its codecs (x265, de265, dav1d, aom,
// libstdc++, numa) were loaded and bound at every start of cairn, a third of its start-up
// (issue 38, DECISIONS 992).
#include <libheif/heif.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

typedef struct {
    struct heif_context *(*context_alloc)(void);
    void (*context_free)(struct heif_context *);
    struct heif_error (*context_read_from_file)(struct heif_context *, const char *, const struct heif_reading_options *);
    struct heif_error (*context_get_primary_image_handle)(struct heif_context *, struct heif_image_handle **);
    void (*image_handle_release)(const struct heif_image_handle *);
    int (*image_handle_get_number_of_metadata_blocks)(const struct heif_image_handle *, const char *);
    int (*image_handle_get_list_of_metadata_block_IDs)(const struct heif_image_handle *, const char *, heif_item_id *, int);
    size_t (*image_handle_get_metadata_size)(const struct heif_image_handle *, heif_item_id);
    struct heif_error (*image_handle_get_metadata)(const struct heif_image_handle *, heif_item_id, void *);
} cairn_heif_api;

typedef struct {
    cairn_heif_api api;
    int loaded;
    pthread_once_t once;
} cairn_heif_api_state_t;

/// The one table of libheif's functions (a function-local static: the Swift importer emits the
/// functions of this header, not its globals).
static inline cairn_heif_api_state_t *cairn_heif_api_state(void) {
    static cairn_heif_api_state_t state = { .loaded = 0, .once = PTHREAD_ONCE_INIT };
    return &state;
}

static inline void cairn_heif_api_open(void) {
    void *lib = dlopen("libheif.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
    cairn_heif_api *a = &cairn_heif_api_state()->api;
#define CAIRN_HEIF_SYM(field, name) \
    if (!(*(void **)(&a->field) = dlsym(lib, name))) return;
    CAIRN_HEIF_SYM(context_alloc, "heif_context_alloc")
    CAIRN_HEIF_SYM(context_free, "heif_context_free")
    CAIRN_HEIF_SYM(context_read_from_file, "heif_context_read_from_file")
    CAIRN_HEIF_SYM(context_get_primary_image_handle, "heif_context_get_primary_image_handle")
    CAIRN_HEIF_SYM(image_handle_release, "heif_image_handle_release")
    CAIRN_HEIF_SYM(image_handle_get_number_of_metadata_blocks, "heif_image_handle_get_number_of_metadata_blocks")
    CAIRN_HEIF_SYM(image_handle_get_list_of_metadata_block_IDs, "heif_image_handle_get_list_of_metadata_block_IDs")
    CAIRN_HEIF_SYM(image_handle_get_metadata_size, "heif_image_handle_get_metadata_size")
    CAIRN_HEIF_SYM(image_handle_get_metadata, "heif_image_handle_get_metadata")
#undef CAIRN_HEIF_SYM
    cairn_heif_api_state()->loaded = 1;
}

/// libheif's functions, opened once; NULL when libheif.so.1 or one of them is missing.
static inline const cairn_heif_api *cairn_heif_api_get(void) {
    cairn_heif_api_state_t *s = cairn_heif_api_state();
    pthread_once(&s->once, cairn_heif_api_open);
    return s->loaded ? &s->api : NULL;
}
