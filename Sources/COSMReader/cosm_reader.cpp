// The C API of COSMReader: libosmium reads the objects, a sparse_file_array holds node
// locations on disk (a sparse_mem_array for small uncompressed files), and every exception is
// turned into a cosm_error here.
#include "cosm_internal.hpp"

#include <osmium/index/map/sparse_file_array.hpp>
#include <osmium/index/map/sparse_mem_array.hpp>
#include <osmium/io/any_input.hpp>
#include <osmium/io/reader.hpp>
#include <osmium/osm.hpp>
#include <osmium/util/file.hpp>
#include <protozero/pbf_reader.hpp>
#include <zlib.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cerrno>
#include <csignal>
#include <pthread.h>
#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

using LocationIndex = osmium::index::map::Map<osmium::unsigned_object_id_type, osmium::Location>;
using FileIndex = osmium::index::map::SparseFileArray<osmium::unsigned_object_id_type, osmium::Location>;
using MemoryIndex = osmium::index::map::SparseMemArray<osmium::unsigned_object_id_type, osmium::Location>;

/// PBF files and XML documents (counted after decompression) up to this size index their nodes
/// in memory: a file array starts at 1 Mi entries (16 MiB written to a temporary file), which
/// dominated importing a small extract, while a 1 MiB file holds at most ~90,000 nodes (PBF) or
/// far fewer (XML): ≤ 1.5 MiB in memory.
constexpr int64_t memory_index_limit = 1 << 20;

struct cosm_reader {
    /// What the last relations pass read from the end of the file only (COSM_RELATIONS_TAIL):
    /// where the blob `first` of that end ends (0: the whole file was read), the relations in
    /// that blob, and all the relations that pass saw.
    struct Tail {
        int64_t prefix_end = 0;
        int64_t first_relations = 0;
        int64_t relations = 0;
    };
    Tail tail;
    std::string path;
    cosm::FileFacts facts;
    int64_t file_size = 0;
    // Positive ids and (JOSM) negative ids, the latter stored as -id.
    std::unique_ptr<LocationIndex> positive, negative;
    bool must_sort = false;
    /// The last id stored in each index, and whether every id so far came after the one before
    /// it: the index is then sorted already, as the nodes of a PBF file sorted by type and id
    /// (the usual extract) are, and its sort is skipped (DECISIONS 1024). The sparse index's
    /// lookup takes the first entry of an id, so strictly ascending ids (no duplicate) keep
    /// every answer what the sort would have given.
    int64_t last_positive = 0, last_negative = 0;
    bool positive_ascending = true, negative_ascending = true;
    /// The whole file, for uncompressed files up to `memory_index_limit`, read once at open:
    /// libosmium's readers then take it from memory. Reading from a descriptor, each of its
    /// reads (at least two per reader, three readers per import) zero-fills a 1 MiB buffer,
    /// which cost more than parsing a small file (DECISIONS.md 441).
    std::string content;

    /// A new empty index of the kind this file gets (memory for a small PBF file or XML document;
    /// a small .osm.gz or .osm.bz2 counts by its decompressed size, which the pre-pass measured).
    LocationIndex* make_index() const {
        bool small = facts.format == "pbf" ? file_size <= memory_index_limit
                                           : facts.xml_bytes <= static_cast<uint64_t>(memory_index_limit);
        if (small) return new MemoryIndex();
        return new FileIndex();
    }

    /// Stores a node location, creating the index for its sign on first use (most files have
    /// no negative ids, and files without nodes need none).
    void store(int64_t id, osmium::Location loc) {
        std::unique_ptr<LocationIndex>& index = id >= 0 ? positive : negative;
        const int64_t key = id >= 0 ? id : -id;
        int64_t& last = id >= 0 ? last_positive : last_negative;
        bool& ascending = id >= 0 ? positive_ascending : negative_ascending;
        if (!index) {
            index.reset(make_index());
        } else if (key <= last) {
            ascending = false;
        }
        last = key;
        views_current.store(false, std::memory_order_relaxed);
        index->set(static_cast<osmium::unsigned_object_id_type>(key), loc);
        if (!ascending) must_sort = true;
    }

    void sort_if_needed() {
        if (!must_sort) return;
        if (positive) positive->sort();
        if (negative) negative->sort();
        must_sort = false;
    }

    /// The sorted entries of one index, read in place by `lookup` (valid until the next store).
    using Entry = std::pair<osmium::unsigned_object_id_type, osmium::Location>;
    struct SortedView { const Entry* data = nullptr; size_t size = 0; };
    SortedView positive_view, negative_view;
    /// False after a store: the views are made again (under `view_mutex`: after the pass, two
    /// threads look up at once) before the next lookup.
    std::atomic<bool> views_current{false};
    std::mutex view_mutex;

    static SortedView view_of(LocationIndex* index) {
        SortedView v;
        if (auto* file = dynamic_cast<FileIndex*>(index)) {
            v.size = file->size();
            if (v.size) v.data = &*file->cbegin();
        } else if (auto* memory = dynamic_cast<MemoryIndex*>(index)) {
            v.size = memory->size();
            if (v.size) v.data = &*memory->cbegin();
        }
        return v;
    }

    void make_views() {
        std::lock_guard<std::mutex> lock(view_mutex);
        if (views_current.load(std::memory_order_acquire)) return;
        sort_if_needed();
        positive_view = positive ? view_of(positive.get()) : SortedView{};
        negative_view = negative ? view_of(negative.get()) : SortedView{};
        views_current.store(true, std::memory_order_release);
    }

    /// The location of node `id`, as libosmium's `get_noexcept` gives it (the first entry of
    /// that id in the sorted index), found by a search that starts where this thread's last
    /// lookup ended and gallops outwards (DECISIONS 1092): a way's nodes mostly have ids close
    /// to each other, so most lookups read one or two neighbouring entries instead of a binary
    /// search's twenty-odd scattered ones over the whole index.
    bool lookup(int64_t id, osmium::Location& out) {
        if (!views_current.load(std::memory_order_acquire)) make_views();
        const SortedView& v = id >= 0 ? positive_view : negative_view;
        if (!v.data) return false;
        const osmium::unsigned_object_id_type key = static_cast<osmium::unsigned_object_id_type>(id >= 0 ? id : -id);
        thread_local size_t finger = 0;
        const size_t n = v.size;
        const size_t f = finger < n ? finger : n / 2;
        // Every entry before lo is below key; v.data[hi] (or the end) is not. The gallop stops
        // after a few steps (the entries within 2^gallop_steps of the last one): a farther id
        // is found by a binary search of the rest of that side, so a jump costs little more
        // than libosmium's search of the whole index.
        constexpr int gallop_steps = 4;
        size_t lo, hi;
        if (v.data[f].first < key) {
            lo = f + 1;
            hi = lo;
            size_t step = 1;
            for (int k = 0; hi < n && v.data[hi].first < key; ++k) {
                lo = hi + 1;
                if (k == gallop_steps) { hi = n; break; }
                hi = lo + step;
                step *= 2;
            }
            if (hi > n) hi = n;
        } else {
            hi = f;
            lo = 0;
            size_t step = 1;
            for (int k = 0; hi > 0; ++k) {
                if (k == gallop_steps) { lo = 0; break; }
                const size_t probe = hi > step ? hi - step : 0;
                if (v.data[probe].first < key) { lo = probe + 1; break; }
                hi = probe;
                step *= 2;
            }
        }
        const Entry* found = std::lower_bound(v.data + lo, v.data + hi, key, [](const Entry& e, osmium::unsigned_object_id_type k) {
            return e.first < k;
        });
        const size_t pos = static_cast<size_t>(found - v.data);
        if (pos >= n || found->first != key) return false;
        finger = pos;
        out = found->second;
        return out.valid();
    }
};

namespace {

using cosm::Failure;

/// Scratch arrays reused from object to object.
struct Scratch {
    std::vector<cosm_tag> tags;
    std::vector<int64_t> refs;
    std::vector<int32_t> lats, lons;
    std::vector<uint8_t> located;
    std::vector<cosm_member> members;
};

bool is_deleted(const osmium::OSMObject& obj, int type, const cosm_reader& r);

void fill_object(cosm_object& o, const osmium::OSMObject& obj, int type, const cosm_reader& r, Scratch& s) {
    o.id = obj.id();
    o.version = static_cast<int32_t>(obj.version());
    o.deleted = is_deleted(obj, type, r);
    s.tags.clear();
    for (const auto& t : obj.tags()) s.tags.push_back(cosm_tag{t.key(), t.value()});
    o.tags = s.tags.data();
    o.tag_count = s.tags.size();
}

osmium::io::File osmium_file(const cosm_reader& r) {
    if (!r.content.empty()) return osmium::io::File(r.content.data(), r.content.size(), r.facts.format == "pbf" ? "pbf" : "osm");
    if (r.facts.format == "pbf") return osmium::io::File(r.path, "pbf");
    if (r.facts.compression == "gzip") return osmium::io::File(r.path, "osm.gz");
    if (r.facts.compression == "bzip2") return osmium::io::File(r.path, "osm.bz2");
    return osmium::io::File(r.path, "osm");
}

void copy_text(char* dst, size_t size, const std::string& src) { std::snprintf(dst, size, "%s", src.c_str()); }

bool kept(const int64_t* ids, size_t count, int64_t id) { return ids && std::binary_search(ids, ids + count, id); }

/// Counts an untagged object that is not passed on (cosm_callbacks.skip_untagged).
void count_skipped(const osmium::OSMObject& obj, bool deleted, cosm_counts& counts) {
    if (deleted) { ++counts.skipped_deleted; return; }
    if (obj.id() < 0) ++counts.skipped_negative;
}

void extend_skipped(const osmium::Location& loc, cosm_counts& c) {
    if (!c.skipped_has_extent) {
        c.skipped_has_extent = 1;
        c.skipped_min_lat_e7 = c.skipped_max_lat_e7 = loc.y();
        c.skipped_min_lon_e7 = c.skipped_max_lon_e7 = loc.x();
        return;
    }
    c.skipped_min_lat_e7 = std::min(c.skipped_min_lat_e7, loc.y());
    c.skipped_max_lat_e7 = std::max(c.skipped_max_lat_e7, loc.y());
    c.skipped_min_lon_e7 = std::min(c.skipped_min_lon_e7, loc.x());
    c.skipped_max_lon_e7 = std::max(c.skipped_max_lon_e7, loc.x());
}

bool is_deleted(const osmium::OSMObject& obj, int type, const cosm_reader& r) {
    return !obj.visible() || (!r.facts.deleted.empty() && r.facts.deleted.count(cosm::object_key(type, obj.id())));
}

/// libosmium's read-ahead: it reads up to OSMIUM_MAX_INPUT_QUEUE_SIZE raw blocks and decodes up
/// to OSMIUM_MAX_OSMDATA_QUEUE_SIZE buffers ahead of the caller (20 each by default, read
/// from the environment when a Reader is made). The import's own work is slower than the
/// decoding, so the default queues sit full: 4 each gives the same throughput with about
/// 50 MB less resident at 20 M nodes (DECISIONS 403). Its decoding pool (a process-wide
/// singleton, sized from OSMIUM_POOL_THREADS when first used) leaves two cores to the caller,
/// one thread below four cores: there it gets two (DECISIONS 1093). A value set by the user is
/// kept. Called before libosmium is first used (`cosm_open`, each pass).
void limit_read_ahead() {
    static std::once_flag once;
    std::call_once(once, [] {
        ::setenv("OSMIUM_MAX_INPUT_QUEUE_SIZE", "4", 0);
        ::setenv("OSMIUM_MAX_OSMDATA_QUEUE_SIZE", "4", 0);
        if (std::thread::hardware_concurrency() < 4) ::setenv("OSMIUM_POOL_THREADS", "2", 0);
    });
}

/// A PBF file's blob: where it starts in the file and its bytes (length prefix, header, data).
struct BlobSpan {
    int64_t offset, size;
    bool data;  // "OSMData" (else "OSMHeader")
};

/// A file read at offsets: from `content` when the reader holds the whole file, else with
/// pread on a descriptor of its own.
struct Source {
    const std::string* content = nullptr;
    int fd = -1;
    Source(const cosm_reader& r) {
        if (!r.content.empty()) content = &r.content;
        else fd = ::open(r.path.c_str(), O_RDONLY | O_CLOEXEC);
    }
    ~Source() { if (fd >= 0) ::close(fd); }
    Source(const Source&) = delete;
    Source& operator=(const Source&) = delete;
    bool ok() const { return content || fd >= 0; }
    /// Reads exactly `size` bytes at `offset`; false on a short read or an error.
    bool read(int64_t offset, char* out, size_t size) const;
};

bool Source::read(int64_t offset, char* out, size_t size) const {
    if (content) {
        if (offset < 0 || static_cast<uint64_t>(offset) + size > content->size()) return false;
        std::memcpy(out, content->data() + offset, size);
        return true;
    }
    size_t done = 0;
    while (done < size) {
        const ssize_t n = ::pread(fd, out + done, size - done, static_cast<off_t>(offset + static_cast<int64_t>(done)));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

/// The BlobHeader of the blob at `offset` (OSM PBF format, wiki.openstreetmap.org/wiki/PBF_Format:
/// a 4-byte big-endian length, then a BlobHeader message with the blob's type and datasize):
/// false when anything looks wrong (a header over 64 KiB, a datasize over 32 MiB or past the
/// end of the file). `header` is scratch space.
struct BlobHeaderInfo { std::string type; int64_t length = 0, datasize = -1; };
bool read_blob_header(const Source& file, int64_t offset, int64_t file_size, std::string& header, BlobHeaderInfo& out) {
    unsigned char len_bytes[4];
    if (file_size - offset < 4 || !file.read(offset, reinterpret_cast<char*>(len_bytes), 4)) return false;
    const uint32_t len = (uint32_t(len_bytes[0]) << 24) | (uint32_t(len_bytes[1]) << 16) | (uint32_t(len_bytes[2]) << 8) | len_bytes[3];
    if (len == 0 || len > 64 * 1024 || offset + 4 + int64_t(len) > file_size) return false;
    header.resize(len);
    if (!file.read(offset + 4, &header[0], len)) return false;
    out = BlobHeaderInfo{};
    out.length = len;
    protozero::pbf_reader message{header};
    while (message.next()) {
        if (message.tag() == 1 && message.wire_type() == protozero::pbf_wire_type::length_delimited) out.type = message.get_string();
        else if (message.tag() == 3 && message.wire_type() == protozero::pbf_wire_type::varint) out.datasize = message.get_int32();
        else message.skip();
    }
    return out.datasize >= 0 && out.datasize <= 32 * 1024 * 1024 && offset + 4 + out.length + out.datasize <= file_size;
}

/// The blobs of a PBF file, from their headers only (nothing inflated). Empty when anything
/// looks wrong (the normal read then reports it).
std::vector<BlobSpan> blob_spans(const Source& file, int64_t file_size) {
    std::vector<BlobSpan> spans;
    int64_t offset = 0;
    std::string header;
    BlobHeaderInfo info;
    while (offset < file_size) {
        if (!read_blob_header(file, offset, file_size, header, info)) return {};
        if (info.type != "OSMHeader" && info.type != "OSMData") return {};
        spans.push_back(BlobSpan{offset, 4 + info.length + info.datasize, info.type == "OSMData"});
        offset += 4 + info.length + info.datasize;
    }
    return spans;
}

/// The header block of a PBF file decoded on the calling thread: the first blob must be an
/// "OSMHeader" (OSM PBF format), inflated and decoded by libosmium's own `decode_header`, the
/// function its Reader calls (same fields, same checks of required features). A Reader made
/// only for the header started its reading and parsing threads and handed the block between
/// them (about a millisecond idle, more on busy cores, before every import; DECISIONS 1121).
/// False when the first blob is not a header this can read (the caller then asks a Reader,
/// which reports what is wrong in its words).
bool read_pbf_header(const cosm_reader& r, osmium::io::Header& out) {
    try {
        const Source file(r);
        if (!file.ok()) return false;
        std::string header;
        BlobHeaderInfo info;
        if (!read_blob_header(file, 0, r.file_size, header, info) || info.type != "OSMHeader" || info.datasize == 0) return false;
        std::string blob(static_cast<size_t>(info.datasize), '\0');
        if (!file.read(4 + info.length, &blob[0], blob.size())) return false;
        out = osmium::io::detail::decode_header(blob);
        return true;
    } catch (...) {
        return false;
    }
}

/// The relations in data blob `span` (occurrences of field 4 in its PrimitiveGroups), and in
/// `only` whether it holds nothing else: its Blob is inflated (raw or zlib) and the field
/// numbers of its groups read (1 nodes, 2 dense nodes, 3 ways, 4 relations, 5 changesets).
/// -1 when it cannot tell (another compression, damaged data).
int64_t relations_in(const Source& file, const BlobSpan& span, bool& only) {
    only = false;
    std::string bytes(static_cast<size_t>(span.size), '\0');
    if (!file.read(span.offset, &bytes[0], bytes.size())) return -1;
    const uint32_t len = (uint32_t(uint8_t(bytes[0])) << 24) | (uint32_t(uint8_t(bytes[1])) << 16) | (uint32_t(uint8_t(bytes[2])) << 8) | uint8_t(bytes[3]);
    protozero::pbf_reader blob{bytes.data() + 4 + len, bytes.size() - 4 - len};
    protozero::data_view raw, zlib_data;
    int32_t raw_size = -1;
    bool other = false;
    while (blob.next()) {
        switch (blob.tag()) {
            case 1: raw = blob.get_view(); break;
            case 2: raw_size = blob.get_int32(); break;
            case 3: zlib_data = blob.get_view(); break;
            default: other = true; blob.skip(); break;
        }
    }
    std::string inflated;
    protozero::data_view block;
    if (raw.data()) {
        block = raw;
    } else if (zlib_data.data() && !other && raw_size >= 0 && raw_size <= 64 * 1024 * 1024) {
        inflated.resize(static_cast<size_t>(raw_size));
        uLongf out_size = static_cast<uLongf>(raw_size);
        if (::uncompress(reinterpret_cast<Bytef*>(&inflated[0]), &out_size, reinterpret_cast<const Bytef*>(zlib_data.data()),
                         static_cast<uLong>(zlib_data.size())) != Z_OK || out_size != static_cast<uLongf>(raw_size)) return -1;
        block = protozero::data_view{inflated.data(), inflated.size()};
    } else {
        return -1;
    }
    int64_t relations = 0;
    bool others = false;
    protozero::pbf_reader primitive{block};
    while (primitive.next()) {
        if (primitive.tag() != 2) { primitive.skip(); continue; }
        protozero::pbf_reader group = primitive.get_message();
        while (group.next()) {
            if (group.tag() == 4) ++relations; else others = true;
            group.skip();
        }
    }
    only = !others;
    return relations;
}

/// For the relations pass over a PBF file (`bytes`): the file's header blob followed by its
/// data blobs from the last one that holds anything but relations (`first`) to the end. A
/// file sorted by type (nodes, ways, relations, as extracts and osmium write them) has every
/// relation there, so that pass inflates a few blocks instead of the whole file (DECISIONS
/// 1050). The second pass then reads the file only up to the end of `first` (`prefix_end`)
/// and counts the relations there: if it finds more than `first` holds (`first_relations`),
/// some lay before the end, which the caller must check. `bytes` is empty when the file is
/// not a PBF file, has an unexpected layout, or the tail would be more than half of the
/// file (little to gain).
struct RelationsTail {
    std::string bytes;
    int64_t prefix_end = 0;
    int64_t first_relations = 0;
};

RelationsTail relations_tail(const cosm_reader& r) {
    if (r.facts.format != "pbf") return {};
    const Source file(r);
    if (!file.ok()) return {};
    const std::vector<BlobSpan> spans = blob_spans(file, r.file_size);
    if (spans.size() < 3 || spans[0].data) return {};
    for (size_t i = 1; i < spans.size(); ++i) if (!spans[i].data) return {};
    size_t first = spans.size() - 1;
    int64_t first_relations = -1;
    while (first > 1) {
        bool only = false;
        first_relations = relations_in(file, spans[first], only);
        if (first_relations < 0) return {};
        if (!only) break;
        --first;
    }
    if (first <= 1) return {};
    const int64_t tail = r.file_size - spans[first].offset;
    if (tail > r.file_size / 2) return {};
    RelationsTail out;
    out.bytes.assign(static_cast<size_t>(spans[0].size + tail), '\0');
    if (!file.read(spans[0].offset, &out.bytes[0], static_cast<size_t>(spans[0].size)) ||
        !file.read(spans[first].offset, &out.bytes[static_cast<size_t>(spans[0].size)], static_cast<size_t>(tail))) return {};
    out.prefix_end = spans[first].offset + spans[first].size;
    out.first_relations = first_relations;
    return out;
}

/// Feeds the first `size` bytes of the file at `path` into a pipe, on a thread of its own,
/// for libosmium to read as "/dev/fd/N" (`name`): the second pass of an import whose
/// relations pass read the end of the file stops at `RelationsTail::prefix_end`, so the
/// relation blocks after it are neither inflated nor decoded again (their decoded buffers
/// were 60 MB of peak memory at 20 M nodes). SIGPIPE is blocked on that thread: when the
/// reader stops early, the write fails and the thread ends. The destructor closes the pipe
/// and joins the thread (destroy the libosmium Reader first). Throws when no pipe or thread
/// can be made (the caller then reads the whole file).
class PrefixPipe {
public:
    PrefixPipe(const std::string& path, int64_t size) {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0) throw Failure(COSM_ERR_IO, std::string("cannot read: pipe: ") + std::strerror(errno));
        m_read = fds[0];
        m_write = fds[1];
        const int in = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
        if (in < 0) {
            const int e = errno;
            close_ends();
            throw Failure(COSM_ERR_IO, std::string("cannot open: ") + std::strerror(e));
        }
        const int out = m_write;
        try {
            m_thread = std::thread([in, out, size] {
                sigset_t pipe_signal;
                sigemptyset(&pipe_signal);
                sigaddset(&pipe_signal, SIGPIPE);
                pthread_sigmask(SIG_BLOCK, &pipe_signal, nullptr);
                constexpr size_t chunk_size = 1 << 20;
                std::unique_ptr<char[]> chunk(new (std::nothrow) char[chunk_size]);
                int64_t done = chunk ? 0 : size;  // no memory: the reader sees a truncated file
                while (done < size) {
                    const ssize_t n = ::pread(in, chunk.get(), static_cast<size_t>(std::min<int64_t>(size - done, int64_t(chunk_size))), static_cast<off_t>(done));
                    if (n < 0 && errno == EINTR) continue;
                    if (n <= 0) break;  // the reader then sees a truncated file and says so
                    ssize_t written = 0;
                    while (written < n) {
                        const ssize_t w = ::write(out, chunk.get() + written, static_cast<size_t>(n - written));
                        if (w < 0 && errno == EINTR) continue;
                        if (w <= 0) { done = size; break; }  // the reader is gone
                        written += w;
                    }
                    done += n;
                }
                ::close(in);
                ::close(out);
            });
        } catch (...) {
            ::close(in);
            close_ends();
            throw;
        }
    }
    ~PrefixPipe() {
        if (m_read >= 0) ::close(m_read);
        if (m_thread.joinable()) m_thread.join();
    }
    PrefixPipe(const PrefixPipe&) = delete;
    PrefixPipe& operator=(const PrefixPipe&) = delete;
    std::string name() const { return "/dev/fd/" + std::to_string(m_read); }
    /// After libosmium opened its own descriptor of the pipe: ours goes, so that the writing
    /// thread's write fails once the reader closes.
    void reader_opened() { if (m_read >= 0) { ::close(m_read); m_read = -1; } }

private:
    void close_ends() { ::close(m_read); ::close(m_write); m_read = m_write = -1; }
    int m_read = -1, m_write = -1;
    std::thread m_thread;
};

/// The blobs of a PBF file held in memory (`bytes`: its header blob, then data blobs, as
/// `relations_tail` assembles them), the data blobs decoded one at a time on the calling thread
/// by libosmium's own `PBFDataBlobDecoder` (what its Reader's pool runs). For a small relations
/// tail this spares the Reader's reading and parsing threads and their hand-offs (DECISIONS
/// 1122). An empty (invalid) buffer after the last blob, as `Reader::read()` gives.
class BlobsInMemory {
public:
    BlobsInMemory(const std::string& bytes, osmium::osm_entity_bits::type bits) : m_bytes(bytes), m_bits(bits) {}
    osmium::memory::Buffer next() {
        // A block that filled its first buffer chains more inside it (auto_grow::internal): they
        // come out innermost first, then the outer one, as `Reader::read()` hands them.
        if (m_back) {
            if (m_back.has_nested_buffers()) return std::move(*m_back.get_last_nested());
            osmium::memory::Buffer outer = std::move(m_back);
            m_back = osmium::memory::Buffer{};
            return outer;
        }
        while (m_offset < m_bytes.size()) {
            const auto* b = reinterpret_cast<const unsigned char*>(m_bytes.data() + m_offset);
            if (m_bytes.size() - m_offset < 4) throw osmium::pbf_error("truncated blob length");
            const uint32_t len = (uint32_t(b[0]) << 24) | (uint32_t(b[1]) << 16) | (uint32_t(b[2]) << 8) | b[3];
            if (len == 0 || len > 64 * 1024 || m_bytes.size() - m_offset - 4 < len) throw osmium::pbf_error("invalid BlobHeader size");
            std::string type;
            int64_t datasize = -1;
            protozero::pbf_reader message{m_bytes.data() + m_offset + 4, len};
            while (message.next()) {
                if (message.tag() == 1 && message.wire_type() == protozero::pbf_wire_type::length_delimited) type = message.get_string();
                else if (message.tag() == 3 && message.wire_type() == protozero::pbf_wire_type::varint) datasize = message.get_int32();
                else message.skip();
            }
            const size_t start = m_offset + 4 + len;
            if (datasize < 0 || static_cast<uint64_t>(datasize) > m_bytes.size() - start) throw osmium::pbf_error("invalid blob size");
            m_offset = start + static_cast<size_t>(datasize);
            if (type != "OSMData") continue;  // the header blob (decoded by cosm_open)
            osmium::memory::Buffer buffer = osmium::io::detail::PBFDataBlobDecoder(
                m_bytes.substr(start, static_cast<size_t>(datasize)), m_bits, osmium::io::read_meta::yes)();
            if (buffer.has_nested_buffers()) {
                m_back = std::move(buffer);
                buffer = std::move(*m_back.get_last_nested());
            }
            if (buffer.committed() > 0) return buffer;
            if (m_back) return next();
        }
        return osmium::memory::Buffer{};
    }
private:
    const std::string& m_bytes;
    osmium::osm_entity_bits::type m_bits;
    size_t m_offset = 0;
    osmium::memory::Buffer m_back;
};

/// A relations tail up to this size is decoded on the calling thread (`BlobsInMemory`); a
/// larger one by the Reader, whose pool inflates its blobs on every core.
constexpr size_t direct_tail_limit = 1 << 20;

int read_pass(cosm_reader& r, int kinds, bool index_locations, const cosm_callbacks& cb, cosm_counts& counts) {
    limit_read_ahead();
    osmium::osm_entity_bits::type bits = osmium::osm_entity_bits::nothing;
    if (kinds & COSM_NODES) bits |= osmium::osm_entity_bits::node;
    if (kinds & COSM_WAYS) bits |= osmium::osm_entity_bits::way;
    if (kinds & (COSM_RELATIONS | COSM_COUNT_RELATIONS)) bits |= osmium::osm_entity_bits::relation;
    if (index_locations) {
        bits |= osmium::osm_entity_bits::node;
        r.positive.reset();
        r.negative.reset();
        r.must_sort = false;
        r.positive_ascending = r.negative_ascending = true;
    }
    // The relations pass of a PBF file sorted by type reads only the blobs at the end; the
    // pass that checks it, when the file is read from disk, only the blobs before them.
    if (kinds & COSM_RELATIONS) r.tail = cosm_reader::Tail{};
    const RelationsTail tail_read = (kinds & COSM_RELATIONS_TAIL) && (kinds & COSM_RELATIONS) && !index_locations ? relations_tail(r) : RelationsTail();
    const std::string& tail = tail_read.bytes;
    counts.tail_only = tail.empty() ? 0 : 1;
    std::unique_ptr<PrefixPipe> prefix;
    const bool checking = (kinds & COSM_COUNT_RELATIONS) && r.tail.prefix_end > 0 && r.content.empty();
    if (checking) {
        // Without /dev/fd (a chroot without /proc) or a thread, the whole file is read and
        // counted instead: the same check, with the relations decoded again.
        try {
            prefix.reset(new PrefixPipe(r.path, r.tail.prefix_end));
            if (::access(prefix->name().c_str(), R_OK) != 0) prefix.reset();
        } catch (const std::exception&) {
            prefix.reset();
        }
    }
    std::unique_ptr<BlobsInMemory> direct;
    std::unique_ptr<osmium::io::Reader> reader_ptr;
    if (!tail.empty() && tail.size() <= direct_tail_limit) {
        direct.reset(new BlobsInMemory(tail, bits));
    } else {
        reader_ptr.reset(new osmium::io::Reader(prefix ? osmium::io::File(prefix->name(), "pbf")
                                                : tail.empty() ? osmium_file(r) : osmium::io::File(tail.data(), tail.size(), "pbf"), bits));
    }
    struct ReaderOrBlobs {
        osmium::io::Reader* reader;
        BlobsInMemory* blobs;
        osmium::memory::Buffer read() { return blobs ? blobs->next() : reader->read(); }
        void close() { if (reader) reader->close(); }
        size_t offset() const { return reader ? reader->offset() : 0; }
        size_t file_size() const { return reader ? reader->file_size() : 0; }
    } reader{reader_ptr.get(), direct.get()};
    if (prefix) prefix->reader_opened();
    osmium::Timestamp newest;
    Scratch s;
    // A file read from memory (`content`, `tail`) has no descriptor for libosmium to measure: its
    // size is ours, and all of it is handed to the parser at the first read (offset() stays 0
    // there). The tail counts as the whole file read.
    const bool in_memory = !r.content.empty() || !tail.empty();
    const int64_t size = !tail.empty() || prefix ? r.file_size : in_memory ? static_cast<int64_t>(r.content.size()) : static_cast<int64_t>(reader.file_size());
    while (osmium::memory::Buffer buffer = reader.read()) {
        for (const auto& item : buffer) {
            if (item.type() == osmium::item_type::node) {
                const auto& n = static_cast<const osmium::Node&>(item);
                ++counts.nodes;
                if (n.timestamp() > newest) newest = n.timestamp();
                const osmium::Location loc = n.location();
                if (index_locations && loc.valid() && n.visible()) {
                    r.store(n.id(), loc);
                }
                if (!(kinds & COSM_NODES) || !cb.node) continue;
                if (cb.skip_untagged && n.tags().empty() && !kept(cb.keep_node_ids, cb.keep_node_count, n.id())) {
                    ++counts.skipped_nodes;
                    const bool deleted = is_deleted(n, 0, r);
                    count_skipped(n, deleted, counts);
                    if (!deleted && !loc.valid()) ++counts.skipped_without_location;
                    if (!deleted && loc.valid()) extend_skipped(loc, counts);
                    continue;
                }
                cosm_node out{};
                fill_object(out.object, n, 0, r, s);
                out.has_location = loc.valid() ? 1 : 0;
                out.lat_e7 = loc.valid() ? loc.y() : 0;
                out.lon_e7 = loc.valid() ? loc.x() : 0;
                if (cb.node(cb.context, &out)) { reader.close(); return COSM_ERR_STOPPED; }
            } else if (item.type() == osmium::item_type::way) {
                const auto& w = static_cast<const osmium::Way&>(item);
                ++counts.ways;
                if (w.timestamp() > newest) newest = w.timestamp();
                if (!cb.way) continue;
                if (cb.skip_untagged && w.tags().empty() && !kept(cb.keep_way_ids, cb.keep_way_count, w.id())) {
                    ++counts.skipped_ways;
                    count_skipped(w, is_deleted(w, 1, r), counts);
                    continue;
                }
                cosm_way out{};
                fill_object(out.object, w, 1, r, s);
                s.refs.clear(); s.lats.clear(); s.lons.clear(); s.located.clear();
                for (const auto& nr : w.nodes()) {
                    s.refs.push_back(nr.ref());
                    osmium::Location loc;
                    bool found = index_locations && r.lookup(nr.ref(), loc);
                    s.lats.push_back(found ? loc.y() : 0);
                    s.lons.push_back(found ? loc.x() : 0);
                    s.located.push_back(found ? 1 : 0);
                }
                out.refs = s.refs.data(); out.lat_e7 = s.lats.data(); out.lon_e7 = s.lons.data();
                out.located = s.located.data(); out.ref_count = s.refs.size();
                if (cb.way(cb.context, &out)) { reader.close(); return COSM_ERR_STOPPED; }
            } else if (item.type() == osmium::item_type::relation) {
                const auto& rel = static_cast<const osmium::Relation&>(item);
                ++counts.relations;
                if (rel.timestamp() > newest) newest = rel.timestamp();
                if (!(kinds & COSM_RELATIONS) || !cb.relation) continue;
                cosm_relation out{};
                fill_object(out.object, rel, 2, r, s);
                s.members.clear();
                for (const auto& m : rel.members()) {
                    int type = m.type() == osmium::item_type::node ? 0 : m.type() == osmium::item_type::way ? 1 : 2;
                    s.members.push_back(cosm_member{type, m.ref(), m.role()});
                }
                out.members = s.members.data();
                out.member_count = s.members.size();
                if (cb.relation(cb.context, &out)) { reader.close(); return COSM_ERR_STOPPED; }
            }
        }
        const int64_t objects = counts.nodes + counts.ways + counts.relations;
        const int64_t done = in_memory ? size : static_cast<int64_t>(reader.offset());
        if (cb.progress && cb.progress(cb.context, done, size, objects)) {
            reader.close();
            return COSM_ERR_STOPPED;
        }
    }
    reader.close();
    r.sort_if_needed();
    if (!tail.empty()) r.tail = cosm_reader::Tail{tail_read.prefix_end, tail_read.first_relations, counts.relations};
    // Read up to the end's first blob: the relations after it are those the relations pass saw.
    if (prefix) counts.relations = counts.relations - r.tail.first_relations + r.tail.relations;
    if (newest.valid() && newest.seconds_since_epoch() > 0) copy_text(counts.newest_timestamp, sizeof counts.newest_timestamp, newest.to_iso());
    counts.index_bytes = static_cast<int64_t>((r.positive ? r.positive->used_memory() : 0) + (r.negative ? r.negative->used_memory() : 0));
    return COSM_OK;
}

/// Turns whatever was thrown into a status and a sentence.
int report(cosm_error* err) {
    try {
        throw;
    } catch (const Failure& f) {
        cosm::fill_error(err, f.status, f.what(), f.line);
        return f.status;
    } catch (const osmium::pbf_error& e) {
        cosm::fill_error(err, COSM_ERR_PBF, std::string("damaged or truncated PBF file: ") + e.what());
        return COSM_ERR_PBF;
    } catch (const osmium::xml_error& e) {
        cosm::fill_error(err, COSM_ERR_MALFORMED_XML, std::string("XML is not well-formed: ") + e.what(), static_cast<int64_t>(e.line));
        return COSM_ERR_MALFORMED_XML;
    } catch (const osmium::invalid_location& e) {
        cosm::fill_error(err, COSM_ERR_INVALID, std::string("invalid coordinate: ") + e.what());
        return COSM_ERR_INVALID;
    } catch (const osmium::gzip_error& e) {
        cosm::fill_error(err, COSM_ERR_COMPRESSION, std::string("gzip data is damaged: ") + e.what());
        return COSM_ERR_COMPRESSION;
    } catch (const osmium::bzip2_error& e) {
        cosm::fill_error(err, COSM_ERR_COMPRESSION, std::string("bzip2 data is damaged: ") + e.what());
        return COSM_ERR_COMPRESSION;
    } catch (const std::system_error& e) {
        cosm::fill_error(err, COSM_ERR_IO, std::string("read failed: ") + e.what());
        return COSM_ERR_IO;
    } catch (const std::bad_alloc&) {
        cosm::fill_error(err, COSM_ERR_INTERNAL, "out of memory while reading");
        return COSM_ERR_INTERNAL;
    } catch (const std::exception& e) {
        cosm::fill_error(err, COSM_ERR_INTERNAL, std::string("cannot read: ") + e.what());
        return COSM_ERR_INTERNAL;
    } catch (...) {
        cosm::fill_error(err, COSM_ERR_INTERNAL, "cannot read: unknown error");
        return COSM_ERR_INTERNAL;
    }
}

}  // namespace

extern "C" cosm_reader* cosm_open(const char* path, cosm_file_info* info, cosm_error* err) {
    try {
        limit_read_ahead();
        std::unique_ptr<cosm_reader> r(new cosm_reader());
        r->path = path;
        struct stat st;
        if (::stat(path, &st) != 0) throw Failure(COSM_ERR_IO, std::string("cannot open: ") + std::strerror(errno));
        if (S_ISDIR(st.st_mode)) throw Failure(COSM_ERR_IO, "is a directory, not an OSM file");
        r->file_size = static_cast<int64_t>(st.st_size);
        r->facts = cosm::inspect(r->path, r->file_size);
        if (r->file_size <= memory_index_limit && (r->facts.format == "pbf" || r->facts.compression == "none")) {
            r->content = cosm::read_whole(r->path, r->file_size);
        }
        if (r->facts.format == "pbf") {
            // The header block only: generator, replication timestamp, bounding boxes; decoded
            // here, else (a first blob this cannot read) by a Reader, which says what is wrong.
            osmium::io::Header header;
            if (!read_pbf_header(*r, header)) {
                osmium::io::Reader reader(osmium_file(*r), osmium::osm_entity_bits::nothing);
                header = reader.header();
                reader.close();
            }
            r->facts.generator = header.get("generator");
            r->facts.timestamp = header.get("osmosis_replication_timestamp");
            for (const auto& b : header.boxes()) {
                if (!b.valid() || r->facts.boxes.size() >= COSM_MAX_BOXES) continue;
                r->facts.boxes.push_back(cosm_box{b.bottom_left().lat(), b.bottom_left().lon(), b.top_right().lat(), b.top_right().lon()});
            }
        }
        if (info) {
            std::memset(info, 0, sizeof *info);
            copy_text(info->format, sizeof info->format, r->facts.format);
            copy_text(info->compression, sizeof info->compression, r->facts.compression);
            info->file_size = r->file_size;
            copy_text(info->generator, sizeof info->generator, r->facts.generator);
            copy_text(info->timestamp, sizeof info->timestamp, r->facts.timestamp);
            info->box_count = static_cast<int32_t>(r->facts.boxes.size());
            for (size_t i = 0; i < r->facts.boxes.size(); ++i) info->boxes[i] = r->facts.boxes[i];
        }
        return r.release();
    } catch (...) {
        report(err);
        return nullptr;
    }
}

extern "C" int cosm_read(cosm_reader* reader, int kinds, int index_locations, const cosm_callbacks* callbacks,
                         cosm_counts* counts, cosm_error* err) {
    if (!reader || !callbacks || !counts) {
        cosm::fill_error(err, COSM_ERR_INTERNAL, "cosm_read called without a reader, callbacks or counts");
        return COSM_ERR_INTERNAL;
    }
    std::memset(counts, 0, sizeof *counts);
    try {
        int rc = read_pass(*reader, kinds, index_locations != 0, *callbacks, *counts);
        if (rc != COSM_OK) cosm::fill_error(err, rc, "stopped by the caller");
        return rc;
    } catch (...) {
        int rc = report(err);
        if (rc == COSM_ERR_INTERNAL && reader->facts.format == "pbf" && err) {
            // libosmium reports a damaged block's zlib data as a plain io_error.
            std::string what = err->message;
            const std::string prefix = "cannot read: ";
            if (what.compare(0, prefix.size(), prefix) == 0) what = what.substr(prefix.size());
            cosm::fill_error(err, COSM_ERR_PBF, "damaged or truncated PBF file: " + what);
            rc = COSM_ERR_PBF;
        }
        return rc;
    }
}

extern "C" int cosm_location(cosm_reader* reader, int64_t id, int32_t* lat_e7, int32_t* lon_e7) {
    if (!reader) return 0;
    try {
        osmium::Location loc;
        if (!reader->lookup(id, loc)) return 0;
        if (lat_e7) *lat_e7 = loc.y();
        if (lon_e7) *lon_e7 = loc.x();
        return 1;
    } catch (...) {
        return 0;
    }
}

extern "C" void cosm_close(cosm_reader* reader) {
    try {
        delete reader;
    } catch (...) {
    }
}
