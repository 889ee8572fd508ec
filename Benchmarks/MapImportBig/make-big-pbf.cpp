// make-big-pbf: writes a large OSM PBF made of tile copies of a small one, for the import
// benchmark (Benchmarks/map-import-big.sh). Never committed: written under /tmp or .build.
//
// Usage: make-big-pbf IN.osm.pbf OUT.osm.pbf COPIES
//
// Copy k (0-based) is the input with every location shifted by (k % 10) * 0.40 degrees of
// longitude and (k / 10) * 0.25 degrees of latitude, and every id (node, way, relation, and
// every reference) offset by k * 10^10, so the copies never share an object. The output is
// sorted like an extract: all nodes of all copies, then all ways, then all relations (the input
// is read once per kind and copy). Copy 0 is the input unchanged.
#include <osmium/builder/osm_object_builder.hpp>
#include <osmium/io/any_input.hpp>
#include <osmium/io/any_output.hpp>
#include <osmium/osm.hpp>

#include <cstdlib>
#include <iostream>
#include <string>

static const osmium::object_id_type stride = 10000000000LL;

static osmium::object_id_type shift(osmium::object_id_type id, int k) {
    return id >= 0 ? id + k * stride : id - k * stride;
}

int main(int argc, char** argv) {
    if (argc != 4) { std::cerr << "usage: make-big-pbf IN.osm.pbf OUT.osm.pbf COPIES\n"; return 64; }
    const std::string in = argv[1], out = argv[2];
    const int copies = std::atoi(argv[3]);
    try {
        osmium::io::Header header;
        header.set("generator", "cairn make-big-pbf");
        header.set("osmosis_replication_timestamp", "2021-06-22T20:21:08Z");
        osmium::io::Writer writer{osmium::io::File{out, "pbf"}, header, osmium::io::overwrite::allow};
        const osmium::osm_entity_bits::type kinds[] = {osmium::osm_entity_bits::node, osmium::osm_entity_bits::way,
                                                       osmium::osm_entity_bits::relation};
        for (auto kind : kinds) {
            for (int k = 0; k < copies; ++k) {
                const int32_t dx = (k % 10) * 4000000, dy = (k / 10) * 2500000;  // 1e-7 degrees
                osmium::io::Reader reader{in, kind};
                osmium::memory::Buffer buffer{1024 * 1024, osmium::memory::Buffer::auto_grow::yes};
                while (osmium::memory::Buffer input = reader.read()) {
                    for (const auto& item : input) {
                        if (item.type() == osmium::item_type::node) {
                            const auto& n = static_cast<const osmium::Node&>(item);
                            osmium::builder::NodeBuilder b{buffer};
                            b.set_id(shift(n.id(), k)).set_version(n.version()).set_timestamp(n.timestamp()).set_visible(true);
                            osmium::Location l = n.location();
                            if (l.valid()) b.set_location(osmium::Location{l.x() + dx, l.y() + dy});
                            b.set_user("");
                            osmium::builder::TagListBuilder t{b};
                            for (const auto& tag : n.tags()) t.add_tag(tag.key(), tag.value());
                        } else if (item.type() == osmium::item_type::way) {
                            const auto& w = static_cast<const osmium::Way&>(item);
                            osmium::builder::WayBuilder b{buffer};
                            b.set_id(shift(w.id(), k)).set_version(w.version()).set_timestamp(w.timestamp()).set_visible(true);
                            b.set_user("");
                            {
                                osmium::builder::WayNodeListBuilder nl{b};
                                for (const auto& nr : w.nodes()) nl.add_node_ref(shift(nr.ref(), k));
                            }
                            osmium::builder::TagListBuilder t{b};
                            for (const auto& tag : w.tags()) t.add_tag(tag.key(), tag.value());
                        } else if (item.type() == osmium::item_type::relation) {
                            const auto& r = static_cast<const osmium::Relation&>(item);
                            osmium::builder::RelationBuilder b{buffer};
                            b.set_id(shift(r.id(), k)).set_version(r.version()).set_timestamp(r.timestamp()).set_visible(true);
                            b.set_user("");
                            {
                                osmium::builder::RelationMemberListBuilder ml{b};
                                for (const auto& m : r.members()) ml.add_member(m.type(), shift(m.ref(), k), m.role());
                            }
                            osmium::builder::TagListBuilder t{b};
                            for (const auto& tag : r.tags()) t.add_tag(tag.key(), tag.value());
                        }
                        buffer.commit();
                    }
                    if (buffer.committed() > 512 * 1024) {
                        writer(std::move(buffer));
                        buffer = osmium::memory::Buffer{1024 * 1024, osmium::memory::Buffer::auto_grow::yes};
                    }
                }
                reader.close();
                if (buffer.committed() > 0) {
                    writer(std::move(buffer));
                    buffer = osmium::memory::Buffer{1024 * 1024, osmium::memory::Buffer::auto_grow::yes};
                }
            }
        }
        writer.close();
    } catch (const std::exception& e) {
        std::cerr << "make-big-pbf: " << e.what() << "\n";
        return 1;
    }
    return 0;
}
