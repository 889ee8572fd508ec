#ifndef CAIRN_COSMREADER_H
#define CAIRN_COSMREADER_H
/*
 * A small C API over libosmium (Debian libosmium2-dev) for Cairn's map import.
 *
 * Reads OpenStreetMap .osm.pbf, .osm, .osm.gz and .osm.bz2, the format detected from the
 * first bytes of the file, never from its name. No C++ exception crosses this API: every
 * function catches them and reports a status code plus a message in a cosm_error.
 *
 * Node locations live in libosmium's sparse_file_array index: a file in the temporary
 * directory (unlinked at once) that is memory-mapped, 16 bytes per node (id + location).
 * The pages are file-backed, so the kernel can evict them; nothing else grows with the
 * number of nodes. Uncompressed files up to 1 MiB (at most ~90,000 nodes) index in memory
 * instead (sparse_mem_array): the file array's first 16 MiB cost more than the whole import.
 */
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Outcome of a call. */
typedef enum {
    COSM_OK = 0,
    /** The file cannot be opened or read, or is a directory (errno text in the message). */
    COSM_ERR_IO = 1,
    /** Neither OSM PBF nor OSM XML 0.6 (other root element, version, random bytes, empty). */
    COSM_ERR_NOT_OSM = 2,
    /** An osmChange (diff) file: edits, not a map. */
    COSM_ERR_OSMCHANGE = 3,
    /** XML that is not well-formed or ends early. */
    COSM_ERR_MALFORMED_XML = 4,
    /** Well-formed data with an object that cannot be used (id 0, bad bounds). */
    COSM_ERR_INVALID = 5,
    /** A damaged or truncated PBF file (libosmium's pbf_error text in the message). */
    COSM_ERR_PBF = 6,
    /** gzip/bzip2 data that inflates far beyond any OSM file (a decompression bomb), or damaged. */
    COSM_ERR_COMPRESSION = 7,
    /** A callback asked to stop; the caller knows why. */
    COSM_ERR_STOPPED = 8,
    /** Anything else libosmium or the C++ runtime threw (out of memory, disk full for the index). */
    COSM_ERR_INTERNAL = 9
} cosm_status;

/** Why a call failed: status, 1-based line in the (decompressed) XML or 0, and a sentence. */
typedef struct {
    int32_t status;
    int64_t line;
    char message[512];
} cosm_error;

/** One key=value tag; both NUL-terminated UTF-8, valid only during the callback. */
typedef struct {
    const char *key;
    const char *value;
} cosm_tag;

/** What every object carries. version 0 = absent. deleted: visible="false" or JOSM action="delete". */
typedef struct {
    int64_t id;
    int32_t version;
    int32_t deleted;
    const cosm_tag *tags;
    size_t tag_count;
} cosm_object;

/** A node; lat_e7/lon_e7 in 1e-7 degrees, meaningful when has_location. */
typedef struct {
    cosm_object object;
    int32_t lat_e7;
    int32_t lon_e7;
    int32_t has_location;
} cosm_node;

/** A way: node ids, and for each the location from the index when located[i] != 0. */
typedef struct {
    cosm_object object;
    const int64_t *refs;
    const int32_t *lat_e7;
    const int32_t *lon_e7;
    const uint8_t *located;
    size_t ref_count;
} cosm_way;

/** A relation member: type 0 node, 1 way, 2 relation. */
typedef struct {
    int32_t type;
    int64_t ref;
    const char *role;
} cosm_member;

typedef struct {
    cosm_object object;
    const cosm_member *members;
    size_t member_count;
} cosm_relation;

/** A bounding box in degrees. */
typedef struct {
    double min_lat, min_lon, max_lat, max_lon;
} cosm_box;

#define COSM_MAX_BOXES 16

/** What the file says about itself, filled by cosm_open. Strings are NUL-terminated. */
typedef struct {
    /** "pbf" or "xml". */
    char format[8];
    /** "none", "gzip" or "bzip2". */
    char compression[8];
    int64_t file_size;
    char generator[256];
    /** PBF osmosis_replication_timestamp, XML <osm timestamp> or Overpass <meta osm_base>; "" if none. */
    char timestamp[64];
    int32_t box_count;
    cosm_box boxes[COSM_MAX_BOXES];
} cosm_file_info;

/** Counts of one read pass, and the newest object timestamp (ISO 8601, "" if none). */
typedef struct {
    int64_t nodes, ways, relations;
    char newest_timestamp[32];
    /** Bytes of the node-location index file (mapped, not necessarily resident). */
    int64_t index_bytes;
    /** Untagged nodes and ways not passed on (see cosm_callbacks.skip_untagged), by kind. */
    int64_t skipped_nodes, skipped_ways;
    /** Of those: deleted (counted nowhere else), negative ids (not deleted), nodes without a location. */
    int64_t skipped_deleted, skipped_negative, skipped_without_location;
    /** Extent of the skipped nodes that have a location and are not deleted, in 1e-7 degrees. */
    int32_t skipped_has_extent;
    int32_t skipped_min_lat_e7, skipped_max_lat_e7, skipped_min_lon_e7, skipped_max_lon_e7;
    /** 1 when COSM_RELATIONS_TAIL read only the end of the file (see there). */
    int32_t tail_only;
} cosm_counts;

/** Called for every object; a nonzero return stops the read with COSM_ERR_STOPPED. */
typedef struct {
    void *context;
    int (*node)(void *context, const cosm_node *node);
    int (*way)(void *context, const cosm_way *way);
    int (*relation)(void *context, const cosm_relation *relation);
    /** After each block: bytes of the file read so far (compressed bytes), its size, and the
     *  objects of this pass read so far (passed on or skipped). */
    int (*progress)(void *context, int64_t bytes_read, int64_t file_size, int64_t objects_read);
    /** When nonzero, a node or way without tags is passed on only when its id is in
     *  keep_node_ids / keep_way_ids (sorted ascending, valid during the read); the others are
     *  only counted (cosm_counts.skipped_*), their locations still indexed. Most nodes of an
     *  extract are untagged way vertices: this keeps them on the C++ side. */
    int skip_untagged;
    const int64_t *keep_node_ids;
    size_t keep_node_count;
    const int64_t *keep_way_ids;
    size_t keep_way_count;
} cosm_callbacks;

/** Entity kinds for cosm_read, and two ways of reading relations:
 *  COSM_RELATIONS_TAIL (with COSM_RELATIONS, without index_locations): a PBF file
 *  is read only from the last data blob holding anything but relations to its end when that is
 *  at most half the file (a file sorted by type has all its relations there); counts.tail_only
 *  says whether that happened, and then the caller must check with COSM_COUNT_RELATIONS in a
 *  later pass that it saw as many relations (else some lay before the tail).
 *  COSM_COUNT_RELATIONS: relations are read and counted (counts.relations) but not passed on.
 *  After a relations pass that read the end only, a PBF file read from disk is then read only
 *  up to that end (the blobs after it hold relations only, which that pass saw): its relations
 *  are not decoded again, and counts.relations is those found before plus that pass's count. */
enum { COSM_NODES = 1, COSM_WAYS = 2, COSM_RELATIONS = 4, COSM_RELATIONS_TAIL = 8, COSM_COUNT_RELATIONS = 16 };

typedef struct cosm_reader cosm_reader;

/**
 * Opens path and checks it: detects the format from the content, and for XML runs a
 * streaming expat pass that checks well-formedness, the <osm version="0.6"> root (refusing
 * osmChange), bounds, JOSM action="delete" marks, and caps decompression at 200:1 past 64 MiB.
 * Returns NULL and fills err on failure.
 */
cosm_reader *cosm_open(const char *path, cosm_file_info *info, cosm_error *err);

/**
 * Reads the file once (may be called again for another pass), calling the callbacks for the
 * kinds in `kinds`. When `index_locations` is nonzero, node locations go into the on-disk
 * index and ways come with the locations of their nodes. Returns COSM_OK or an error status.
 */
int cosm_read(cosm_reader *reader, int kinds, int index_locations, const cosm_callbacks *callbacks,
              cosm_counts *counts, cosm_error *err);

/** The indexed location of node id (after a read with index_locations); 1 if found. */
int cosm_location(cosm_reader *reader, int64_t id, int32_t *lat_e7, int32_t *lon_e7);

/** Frees the reader and its index file. NULL is fine. */
void cosm_close(cosm_reader *reader);

/**
 * Starts the kernel's write-back of every dirty page of the file open as fd and returns
 * without waiting for it (Linux sync_file_range with SYNC_FILE_RANGE_WRITE; elsewhere
 * nothing). Durability is unchanged: only a later fsync/fdatasync waits for the disk. 0 on
 * success, else errno. Used to write an import's store out while the import still computes,
 * so that the commit's fdatasync has less left to wait for.
 */
int cosm_start_writeback(int fd);

#ifdef __cplusplus
}
#endif
#endif
