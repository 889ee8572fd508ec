// Format detection by content and the checking pre-pass over OSM XML (expat, streaming).
//
// libosmium picks a format from the file name; Cairn detects it from the bytes instead, and
// checks XML files with one fast expat pass before libosmium reads them, because libosmium's
// XML reader ignores what Cairn must act on: the root element (osmChange refused with its
// line), JOSM's action="delete", old-style <bound box>, Overpass <meta osm_base>, and line
// numbers for malformed or invalid input. The same pass decompresses .gz/.bz2 itself and
// refuses a decompression bomb before anything is imported.
#include "cosm_internal.hpp"

#include <bzlib.h>
#include <expat.h>
#include <zlib.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <algorithm>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace cosm {

namespace {

constexpr size_t chunk_size = 256 * 1024;
/// Past this many decompressed bytes, more than `max_ratio` times the compressed bytes read is a bomb.
constexpr uint64_t bomb_floor = 64ull * 1024 * 1024;
constexpr uint64_t max_ratio = 200;

std::string errno_text(int e) { return std::string(std::strerror(e)); }

/// A file descriptor closed on destruction.
struct FD {
    int fd;
    explicit FD(int f) : fd(f) {}
    ~FD() { if (fd >= 0) ::close(fd); }
    FD(const FD&) = delete;
    FD& operator=(const FD&) = delete;
};

/// Reads raw bytes, retrying EINTR.
size_t read_some(int fd, char* buf, size_t n, const std::string& path) {
    for (;;) {
        ssize_t r = ::read(fd, buf, n);
        if (r >= 0) return static_cast<size_t>(r);
        if (errno == EINTR) continue;
        throw Failure(COSM_ERR_IO, "read failed: " + errno_text(errno));
    }
}

/// Decompressed bytes of a plain, gzip (several members) or bzip2 (several streams) file.
class Inflater {
public:
    Inflater(int fd, std::string kind, std::string path, size_t in_size)
        : m_fd(fd), m_kind(std::move(kind)), m_path(std::move(path)) {
        if (m_kind != "none") m_in.resize(in_size);
        if (m_kind == "gzip") {
            std::memset(&m_zs, 0, sizeof m_zs);
            if (inflateInit2(&m_zs, 15 + 32) != Z_OK) throw Failure(COSM_ERR_INTERNAL, "cannot start zlib");
            m_zinit = true;
        } else if (m_kind == "bzip2") {
            std::memset(&m_bz, 0, sizeof m_bz);
            if (BZ2_bzDecompressInit(&m_bz, 0, 0) != BZ_OK) throw Failure(COSM_ERR_INTERNAL, "cannot start libbz2");
            m_bzinit = true;
        }
    }
    ~Inflater() {
        if (m_zinit) inflateEnd(&m_zs);
        if (m_bzinit) BZ2_bzDecompressEnd(&m_bz);
    }
    Inflater(const Inflater&) = delete;
    Inflater& operator=(const Inflater&) = delete;

    /// Fills `out` with up to `n` bytes; 0 at the end.
    size_t read(char* out, size_t n) {
        size_t got = m_kind == "none" ? plain(out, n) : m_kind == "gzip" ? gzip(out, n) : bzip2(out, n);
        m_out += got;
        if (m_kind != "none" && m_out > bomb_floor && m_out > max_ratio * (m_raw + 1)) {
            throw Failure(COSM_ERR_COMPRESSION, m_kind + " data inflates more than " + std::to_string(max_ratio) +
                          " times (" + std::to_string(m_out >> 20) + " MiB from " + std::to_string(m_raw >> 10) +
                          " KiB read): refusing it as a decompression bomb, not an OSM extract");
        }
        return got;
    }

private:
    size_t plain(char* out, size_t n) {
        size_t r = read_some(m_fd, out, n, m_path);
        m_raw += r;
        return r;
    }

    bool refill(size_t& avail, const char*& next) {
        if (avail > 0) return true;
        if (m_eof) return false;
        size_t r = read_some(m_fd, m_in.data(), m_in.size(), m_path);
        m_raw += r;
        if (r == 0) { m_eof = true; return false; }
        avail = r;
        next = m_in.data();
        return true;
    }

    size_t gzip(char* out, size_t n) {
        size_t produced = 0;
        while (produced == 0 && !m_done) {
            size_t avail = m_zs.avail_in;
            const char* next = reinterpret_cast<const char*>(m_zs.next_in);
            if (!refill(avail, next)) {
                if (m_in_member) throw Failure(COSM_ERR_COMPRESSION, "gzip data ends early (the file is truncated)");
                m_done = true;
                break;
            }
            m_zs.avail_in = static_cast<uInt>(avail);
            m_zs.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(next));
            m_zs.next_out = reinterpret_cast<Bytef*>(out);
            m_zs.avail_out = static_cast<uInt>(n);
            m_in_member = true;
            int rc = inflate(&m_zs, Z_NO_FLUSH);
            produced = n - m_zs.avail_out;
            if (rc == Z_STREAM_END) {
                m_in_member = false;
                inflateReset(&m_zs);  // another gzip member may follow
            } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
                throw Failure(COSM_ERR_COMPRESSION, std::string("gzip data is damaged: ") + (m_zs.msg ? m_zs.msg : "zlib error"));
            }
        }
        return produced;
    }

    size_t bzip2(char* out, size_t n) {
        size_t produced = 0;
        while (produced == 0 && !m_done) {
            size_t avail = m_bz.avail_in;
            const char* next = m_bz.next_in;
            if (!refill(avail, next)) {
                if (m_in_member) throw Failure(COSM_ERR_COMPRESSION, "bzip2 data ends early (the file is truncated)");
                m_done = true;
                break;
            }
            m_bz.avail_in = static_cast<unsigned>(avail);
            m_bz.next_in = const_cast<char*>(next);
            m_bz.next_out = out;
            m_bz.avail_out = static_cast<unsigned>(n);
            m_in_member = true;
            int rc = BZ2_bzDecompress(&m_bz);
            produced = n - m_bz.avail_out;
            if (rc == BZ_STREAM_END) {
                m_in_member = false;
                unsigned left = m_bz.avail_in;
                char* rest = m_bz.next_in;
                BZ2_bzDecompressEnd(&m_bz);
                std::memset(&m_bz, 0, sizeof m_bz);
                if (BZ2_bzDecompressInit(&m_bz, 0, 0) != BZ_OK) { m_bzinit = false; throw Failure(COSM_ERR_INTERNAL, "cannot restart libbz2"); }
                m_bz.avail_in = left;  // a further stream (pbzip2, lbzip2) may follow
                m_bz.next_in = rest;
            } else if (rc != BZ_OK) {
                throw Failure(COSM_ERR_COMPRESSION, "bzip2 data is damaged (libbz2 error " + std::to_string(rc) + ")");
            }
        }
        return produced;
    }

    int m_fd;
    std::string m_kind, m_path;
    std::vector<char> m_in;
    z_stream m_zs{};
    bz_stream m_bz{};
    bool m_zinit = false, m_bzinit = false, m_eof = false, m_done = false, m_in_member = false;
    uint64_t m_raw = 0, m_out = 0;
};

/// The expat pass: root, bounds, meta, action="delete" and id checks.
struct Scan {
    XML_Parser parser = nullptr;
    FileFacts* facts = nullptr;
    int depth = 0;
    bool root_seen = false;
    std::optional<Failure> failure;

    int64_t line() const { return static_cast<int64_t>(XML_GetCurrentLineNumber(parser)); }

    void stop(Failure f) {
        if (!failure) failure = std::move(f);
        XML_StopParser(parser, XML_FALSE);
    }
};

const char* attr(const char** attrs, const char* name) {
    for (; attrs && attrs[0]; attrs += 2) {
        if (std::strcmp(attrs[0], name) == 0) return attrs[1];
    }
    return nullptr;
}

bool parse_double(const char* s, double& out) {
    if (!s || !*s) return false;
    char* end = nullptr;
    errno = 0;
    out = std::strtod(s, &end);
    return end && *end == '\0' && errno == 0;
}

void root_element(Scan& s, const char* name, const char** attrs) {
    if (std::strcmp(name, "osmChange") == 0) {
        s.stop(Failure(COSM_ERR_OSMCHANGE, "this is an osmChange file (a list of edits), not a map extract; import the .osm extract it applies to instead", s.line()));
        return;
    }
    if (std::strcmp(name, "osm") != 0) {
        s.stop(Failure(COSM_ERR_NOT_OSM, std::string("not an OpenStreetMap XML file (root element <") + name + ">, expected <osm>)", s.line()));
        return;
    }
    const char* v = attr(attrs, "version");
    if (!v || std::strcmp(v, "0.6") != 0) {
        s.stop(Failure(COSM_ERR_NOT_OSM, std::string("OSM XML version ") + (v ? std::string("\"") + v + "\"" : std::string("missing")) +
                       " is not supported (only 0.6)", s.line()));
        return;
    }
    s.root_seen = true;
    if (const char* g = attr(attrs, "generator")) s.facts->generator = g;
    if (const char* t = attr(attrs, "timestamp")) s.facts->timestamp = t;
}

void child_element(Scan& s, const char* name, const char** attrs) {
    int type = std::strcmp(name, "node") == 0 ? 0 : std::strcmp(name, "way") == 0 ? 1 : std::strcmp(name, "relation") == 0 ? 2 : -1;
    if (type >= 0) {
        const char* id = attr(attrs, "id");
        char* end = nullptr;
        long long value = id ? std::strtoll(id, &end, 10) : 0;
        if (!id || !end || *end != '\0' || value == 0) {
            s.stop(Failure(COSM_ERR_INVALID, std::string("<") + name + "> without a valid id", s.line()));
            return;
        }
        const char* action = attr(attrs, "action");
        if (action && std::strcmp(action, "delete") == 0) s.facts->deleted.insert(object_key(type, value));
        return;
    }
    if (std::strcmp(name, "bounds") == 0 || std::strcmp(name, "bound") == 0) {
        double v[4] = {0, 0, 0, 0};  // minlat, minlon, maxlat, maxlon
        bool ok;
        if (const char* box = attr(attrs, "box")) {  // osmosis' old <bound box="minlat,minlon,maxlat,maxlon">
            ok = std::sscanf(box, "%lf , %lf , %lf , %lf", &v[0], &v[1], &v[2], &v[3]) == 4;
        } else {
            ok = parse_double(attr(attrs, "minlat"), v[0]) && parse_double(attr(attrs, "minlon"), v[1]) &&
                 parse_double(attr(attrs, "maxlat"), v[2]) && parse_double(attr(attrs, "maxlon"), v[3]);
        }
        ok = ok && v[0] <= v[2] && v[1] <= v[3] && std::abs(v[0]) <= 90 && std::abs(v[2]) <= 90 &&
             std::abs(v[1]) <= 180 && std::abs(v[3]) <= 180;
        if (!ok) {
            s.stop(Failure(COSM_ERR_INVALID, "<bounds> without four valid coordinates (minlat \u2264 maxlat, minlon \u2264 maxlon)", s.line()));
            return;
        }
        cosm_box b{v[0], v[1], v[2], v[3]};
        bool seen = false;
        for (const auto& o : s.facts->boxes) {
            if (o.min_lat == b.min_lat && o.min_lon == b.min_lon && o.max_lat == b.max_lat && o.max_lon == b.max_lon) seen = true;
        }
        if (!seen && s.facts->boxes.size() < COSM_MAX_BOXES) s.facts->boxes.push_back(b);
        return;
    }
    if (std::strcmp(name, "meta") == 0) {  // Overpass: <meta osm_base="..."/>
        if (const char* base = attr(attrs, "osm_base")) { if (s.facts->timestamp.empty()) s.facts->timestamp = base; }
    }
}

void XMLCALL on_start(void* data, const XML_Char* name, const XML_Char** attrs) {
    auto& s = *static_cast<Scan*>(data);
    if (s.failure) return;
    if (s.depth == 0) root_element(s, name, attrs);
    else if (s.depth == 1) child_element(s, name, attrs);
    ++s.depth;
}

void XMLCALL on_end(void* data, const XML_Char*) { --static_cast<Scan*>(data)->depth; }

void XMLCALL on_entity(void* data, const XML_Char* name, int, const XML_Char*, int, const XML_Char*,
                       const XML_Char*, const XML_Char*, const XML_Char*) {
    auto& s = *static_cast<Scan*>(data);
    s.stop(Failure(COSM_ERR_MALFORMED_XML, std::string("the file declares the XML entity '") + name +
                   "'; entities are refused (entity expansion attack)", s.line()));
}

bool ends_early(XML_Error code) {
    return code == XML_ERROR_NO_ELEMENTS || code == XML_ERROR_UNCLOSED_TOKEN || code == XML_ERROR_PARTIAL_CHAR ||
           code == XML_ERROR_UNCLOSED_CDATA_SECTION;
}

bool is_pbf(const unsigned char* b, size_t n);

void scan_xml(int fd, FileFacts& facts, const std::string& path, int64_t file_size) {
    // Buffers no larger than the file (at least 4 KiB, at most chunk_size): a small file then
    // costs small allocations; the size only sets how the bytes are cut into reads.
    const size_t buffer_size = static_cast<size_t>(std::min<int64_t>(chunk_size, std::max<int64_t>(file_size, 4096)));
    Inflater in(fd, facts.compression, path, buffer_size);
    Scan s;
    s.facts = &facts;
    s.parser = XML_ParserCreate(nullptr);
    if (!s.parser) throw Failure(COSM_ERR_INTERNAL, "cannot create an XML parser");
    struct Free { XML_Parser p; ~Free() { XML_ParserFree(p); } } guard{s.parser};
    XML_SetUserData(s.parser, &s);
    XML_SetElementHandler(s.parser, on_start, on_end);
    XML_SetEntityDeclHandler(s.parser, on_entity);
    std::vector<char> buf(buffer_size);
    uint64_t total = 0;
    for (;;) {
        size_t n = in.read(buf.data(), buf.size());
        total += n;
        if (total == 0) throw Failure(COSM_ERR_NOT_OSM, "the file is empty, not an OSM file");
        // A PBF put through gzip or bzip2 is refused in words (DECISIONS 511).
        if (total == n && facts.compression != "none" && is_pbf(reinterpret_cast<const unsigned char*>(buf.data()), n)) {
            throw Failure(COSM_ERR_NOT_OSM, "a " + facts.compression + "-compressed OSM PBF: PBF compresses its own blocks, "
                          "so it is read uncompressed; decompress it first (" + (facts.compression == "gzip" ? "gunzip" : "bunzip2") + ")");
        }
        if (XML_Parse(s.parser, buf.data(), static_cast<int>(n), n == 0) == XML_STATUS_ERROR) {
            if (s.failure) throw *s.failure;
            XML_Error code = XML_GetErrorCode(s.parser);
            std::string msg = XML_ErrorString(code);
            int64_t line = s.line();
            if (!s.root_seen) throw Failure(COSM_ERR_NOT_OSM, "not an OSM XML file: " + msg, line);
            if (ends_early(code)) throw Failure(COSM_ERR_MALFORMED_XML, "the file ends early or is not well-formed XML: " + msg, line);
            throw Failure(COSM_ERR_MALFORMED_XML, "XML is not well-formed: " + msg, line);
        }
        if (s.failure) throw *s.failure;
        if (n == 0) break;
    }
    if (!s.root_seen) throw Failure(COSM_ERR_NOT_OSM, "no <osm> root element: not an OSM XML file");
    facts.xml_bytes = total;
}

bool is_pbf(const unsigned char* b, size_t n) {
    return n >= 15 && b[4] == 0x0A && b[5] == 9 && std::memcmp(b + 6, "OSMHeader", 9) == 0;
}

bool looks_like_xml(const unsigned char* b, size_t n) {
    for (size_t i = 0; i < n; ++i) {
        unsigned char c = b[i];
        if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
        return c == '<' || (c == 0xEF && i + 2 < n && b[i + 1] == 0xBB && b[i + 2] == 0xBF);
    }
    return false;
}

}  // namespace

FileFacts inspect(const std::string& path, int64_t file_size) {
    FD fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.fd < 0) throw Failure(COSM_ERR_IO, "cannot open: " + errno_text(errno));
    FileFacts facts;
    unsigned char head[64];
    size_t n = 0;
    while (n < sizeof head) {
        size_t r = read_some(fd.fd, reinterpret_cast<char*>(head) + n, sizeof head - n, path);
        if (r == 0) break;
        n += r;
    }
    if (n == 0 || file_size == 0) throw Failure(COSM_ERR_NOT_OSM, "the file is empty, not an OSM file");
    if (n >= 2 && head[0] == 0x1F && head[1] == 0x8B) {
        facts.compression = "gzip";
    } else if (n >= 3 && head[0] == 'B' && head[1] == 'Z' && head[2] == 'h') {
        facts.compression = "bzip2";
    } else if (is_pbf(head, n)) {
        facts.compression = "none";
        facts.format = "pbf";
        return facts;
    } else if (looks_like_xml(head, n)) {
        facts.compression = "none";
    } else {
        char hex[32];
        std::snprintf(hex, sizeof hex, "%02x %02x %02x %02x", head[0], n > 1 ? head[1] : 0, n > 2 ? head[2] : 0, n > 3 ? head[3] : 0);
        throw Failure(COSM_ERR_NOT_OSM, std::string("not an OSM file: neither OSM PBF nor OSM XML (plain, gzip or bzip2); it starts with bytes ") + hex);
    }
    facts.format = "xml";
    if (::lseek(fd.fd, 0, SEEK_SET) != 0) throw Failure(COSM_ERR_IO, "cannot seek: " + errno_text(errno));
    scan_xml(fd.fd, facts, path, file_size);
    return facts;
}

std::string read_whole(const std::string& path, int64_t size_hint) {
    FD fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.fd < 0) throw Failure(COSM_ERR_IO, "cannot open: " + errno_text(errno));
    std::string out;
    out.resize(static_cast<size_t>(std::max<int64_t>(size_hint, 0)) + 1);
    size_t n = 0;
    for (;;) {
        if (n == out.size()) out.resize(out.size() * 2);
        size_t r = read_some(fd.fd, &out[n], out.size() - n, path);
        if (r == 0) break;
        n += r;
    }
    out.resize(n);
    return out;
}

void fill_error(cosm_error* err, int status, const std::string& message, int64_t line) {
    if (!err) return;
    err->status = status;
    err->line = line;
    std::snprintf(err->message, sizeof err->message, "%s", message.c_str());
}

}  // namespace cosm
