// Internal declarations shared by the COSMReader translation units (not part of the C API).
#ifndef CAIRN_COSM_INTERNAL_HPP
#define CAIRN_COSM_INTERNAL_HPP

#include "COSMReader.h"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

namespace cosm {

/// An error to report through cosm_error; thrown inside the C++ code only.
struct Failure : std::runtime_error {
    int status;
    int64_t line;
    Failure(int s, const std::string& message, int64_t l = 0) : std::runtime_error(message), status(s), line(l) {}
};

/// The stored key of an object for the JOSM action="delete" set: id * 4 + type.
inline uint64_t object_key(int type, int64_t id) { return static_cast<uint64_t>(id) * 4u + static_cast<uint64_t>(type); }

/// What sniffing and the XML pre-pass found.
struct FileFacts {
    std::string format;       // "pbf" or "xml"
    std::string compression;  // "none", "gzip", "bzip2"
    std::string generator;
    std::string timestamp;
    std::vector<cosm_box> boxes;
    std::unordered_set<uint64_t> deleted;  // object_key of action="delete" objects (XML only)
    uint64_t xml_bytes = 0;   // XML only: the document's bytes after decompression, as the pre-pass read them
};

/// Looks at the first bytes of the file and, for XML, runs the checking pre-pass.
/// Throws Failure.
FileFacts inspect(const std::string& path, int64_t file_size);

/// The bytes of the file at `path` (`size_hint`: its size from stat); throws Failure(COSM_ERR_IO).
std::string read_whole(const std::string& path, int64_t size_hint);

void fill_error(cosm_error* err, int status, const std::string& message, int64_t line = 0);

}  // namespace cosm

#endif
