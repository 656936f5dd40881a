// SPDX-License-Identifier: BSD-3-Clause
// Tables as HDF5 compound datasets (/runs_table of every results file, /points of Jacobi's
// sweep file): Text columns variable-length UTF-8 strings, Integer int64, Real float64 (NaN
// where not measured). Every member is 8 bytes (a string is its char pointer in memory), so
// the row layout needs no padding.
#include <cstring>
#include <limits>

#include "hpcs/base/error.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/report/run_table.hpp"

namespace hpcs {

void write_compound_table(h5::Group& group, const std::string& name, const std::vector<RunTableColumn>& columns,
                          const std::vector<std::vector<RunTableCell>>& rows) {
  constexpr std::size_t kMember = 8;
  static_assert(sizeof(const char*) == kMember && sizeof(std::int64_t) == kMember && sizeof(double) == kMember);
  const std::size_t row_bytes = columns.size() * kMember;

  h5::Id text(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(text.get(), H5T_VARIABLE);
  H5Tset_cset(text.get(), H5T_CSET_UTF8);
  h5::Id row_type(H5Tcreate(H5T_COMPOUND, row_bytes), H5Tclose);
  for (std::size_t k = 0; k < columns.size(); ++k) {
    const hid_t member = columns[k].kind == CellKind::Text      ? text.get()
                         : columns[k].kind == CellKind::Integer ? H5T_NATIVE_INT64
                                                                : H5T_NATIVE_DOUBLE;
    if (H5Tinsert(row_type.get(), columns[k].name.c_str(), k * kMember, member) < 0)
      throw Error(name + ": cannot describe column '" + columns[k].name + "'");
  }

  // The cells own the strings the buffer points to while it is written.
  std::vector<unsigned char> buffer(rows.size() * row_bytes);
  for (std::size_t i = 0; i < rows.size(); ++i)
    for (std::size_t k = 0; k < columns.size() && k < rows[i].size(); ++k) {
      unsigned char* at = buffer.data() + i * row_bytes + k * kMember;
      const RunTableCell& c = rows[i][k];
      if (columns[k].kind == CellKind::Text) {
        const char* p = c.text.c_str();
        std::memcpy(at, &p, kMember);
      } else if (columns[k].kind == CellKind::Integer) {
        std::memcpy(at, &c.integer, kMember);
      } else {
        const double v = c.real ? *c.real : std::numeric_limits<double>::quiet_NaN();
        std::memcpy(at, &v, kMember);
      }
    }
  const hsize_t n = rows.size();
  h5::Id space(H5Screate_simple(1, &n, nullptr), H5Sclose);
  h5::Id ds(H5Dcreate2(group.id(), name.c_str(), row_type.get(), space.get(), H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT),
            H5Dclose);
  if (!ds || (n && H5Dwrite(ds.get(), row_type.get(), H5S_ALL, H5S_ALL, H5P_DEFAULT, buffer.data()) < 0))
    throw Error(group.where() + ": cannot write the table '" + name + "': " + h5::failure_cause());
}

void write_run_table(h5::Group& group, const std::string& name, const std::vector<RunRecord>& records,
                     const RunTableContext& context) {
  std::vector<std::vector<RunTableCell>> rows;
  for (const RunRecord& r : records) rows.push_back(run_table_row(r, context));
  write_compound_table(group, name, run_table_columns(), rows);
}

}  // namespace hpcs
