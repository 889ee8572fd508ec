// libzip (Debian libzip-dev 1.7.3 for this header, libzip4 at run time): read zip archives,
// reporting each entry's uncompressed size before inflating. Used by TrailTerrain for SRTM
// `.hgt.zip` tiles and by TrailFormats for KMZ.
//
// The library is opened with dlopen the first time a zip archive is read (cairn_zip_api_get),
// not linked: linked, libzip brought libcrypto (OpenSSL), libbz2 and libz with it, loaded and
// relocated at every start of cairn, a start that reads no zip archive included (issue 38,
// DECISIONS 1070). Same pattern as CHeif (DECISIONS 992).
#include <zip.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>

/// The libzip functions cairn calls, each with libzip's prototype (zip.h, nullability included)
/// under its name without the `zip_` prefix: `api->open` is `zip_open`. (Swift sees the returned
/// strings as optional all the same: the importer drops a function pointer's result nullability.)
typedef struct {
    zip_t *_Nullable (*_Nonnull open)(const char *_Nonnull, int, int *_Nullable);
    zip_t *_Nullable (*_Nonnull open_from_source)(zip_source_t *_Nonnull, int, zip_error_t *_Nullable);
    void (*_Nonnull discard)(zip_t *_Nonnull);
    const char *_Nonnull (*_Nonnull strerror)(zip_t *_Nonnull);
    void (*_Nonnull error_init)(zip_error_t *_Nonnull);
    void (*_Nonnull error_init_with_code)(zip_error_t *_Nonnull, int);
    void (*_Nonnull error_fini)(zip_error_t *_Nonnull);
    const char *_Nonnull (*_Nonnull error_strerror)(zip_error_t *_Nonnull);
    zip_int64_t (*_Nonnull get_num_entries)(zip_t *_Nonnull, zip_flags_t);
    const char *_Nullable (*_Nonnull get_name)(zip_t *_Nonnull, zip_uint64_t, zip_flags_t);
    void (*_Nonnull stat_init)(zip_stat_t *_Nonnull);
    int (*_Nonnull stat_index)(zip_t *_Nonnull, zip_uint64_t, zip_flags_t, zip_stat_t *_Nonnull);
    zip_file_t *_Nullable (*_Nonnull fopen_index)(zip_t *_Nonnull, zip_uint64_t, zip_flags_t);
    zip_int64_t (*_Nonnull fread)(zip_file_t *_Nonnull, void *_Nonnull, zip_uint64_t);
    int (*_Nonnull fclose)(zip_file_t *_Nonnull);
    const char *_Nonnull (*_Nonnull file_strerror)(zip_file_t *_Nonnull);
    zip_source_t *_Nullable (*_Nonnull source_buffer_create)(const void *_Nullable, zip_uint64_t, int, zip_error_t *_Nullable);
    void (*_Nonnull source_free)(zip_source_t *_Nullable);
} cairn_zip_api;

typedef struct {
    cairn_zip_api api;
    int loaded;
    pthread_once_t once;
} cairn_zip_api_state_t;

/// The one table of libzip's functions (a function-local static: the Swift importer emits the
/// functions of this header, not its globals).
static inline cairn_zip_api_state_t *_Nonnull cairn_zip_api_state(void) {
    static cairn_zip_api_state_t state = { .loaded = 0, .once = PTHREAD_ONCE_INIT };
    return &state;
}

/// The file dlopen is asked for: the run-time name (soname) of the libzip this header is from,
/// not the development link `libzip.so`, which only libzip-dev installs.
#define CAIRN_ZIP_SONAME "libzip.so.4"

static inline void cairn_zip_api_open(void) {
    void *lib = dlopen(CAIRN_ZIP_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!lib) return;
    cairn_zip_api *a = &cairn_zip_api_state()->api;
#define CAIRN_ZIP_SYM(field) \
    if (!(*(void **)(&a->field) = dlsym(lib, "zip_" #field))) return;
    CAIRN_ZIP_SYM(open)
    CAIRN_ZIP_SYM(open_from_source)
    CAIRN_ZIP_SYM(discard)
    CAIRN_ZIP_SYM(strerror)
    CAIRN_ZIP_SYM(error_init)
    CAIRN_ZIP_SYM(error_init_with_code)
    CAIRN_ZIP_SYM(error_fini)
    CAIRN_ZIP_SYM(error_strerror)
    CAIRN_ZIP_SYM(get_num_entries)
    CAIRN_ZIP_SYM(get_name)
    CAIRN_ZIP_SYM(stat_init)
    CAIRN_ZIP_SYM(stat_index)
    CAIRN_ZIP_SYM(fopen_index)
    CAIRN_ZIP_SYM(fread)
    CAIRN_ZIP_SYM(fclose)
    CAIRN_ZIP_SYM(file_strerror)
    CAIRN_ZIP_SYM(source_buffer_create)
    CAIRN_ZIP_SYM(source_free)
#undef CAIRN_ZIP_SYM
    cairn_zip_api_state()->loaded = 1;
}

/// libzip's functions, opened once (thread-safe: pthread_once); NULL when libzip.so.4 or one of
/// the functions is missing.
static inline const cairn_zip_api *_Nullable cairn_zip_api_get(void) {
    cairn_zip_api_state_t *s = cairn_zip_api_state();
    pthread_once(&s->once, cairn_zip_api_open);
    return s->loaded ? &s->api : NULL;
}
