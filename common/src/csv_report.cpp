// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/report/csv_report.hpp"

#include <cstdio>
#include <ostream>

#include "hpcs/io/atomic_text_file.hpp"
#include "hpcs/report/run_table.hpp"

namespace hpcs {

namespace {
// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
std::string field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string number(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::vector<std::string> texts(const std::vector<RunTableColumn>& columns, const std::vector<RunTableCell>& cells) {
  std::vector<std::string> row;
  for (std::size_t k = 0; k < cells.size() && k < columns.size(); ++k) {
    const RunTableCell& c = cells[k];
    switch (columns[k].kind) {
      case CellKind::Text: row.push_back(c.text); break;
      case CellKind::Integer: row.push_back(std::to_string(c.integer)); break;
      case CellKind::Real: row.push_back(c.real ? number(*c.real) : std::string()); break;
    }
  }
  return row;
}

void write_rows(const std::string& path, const std::vector<std::string>& header,
                const std::vector<std::vector<std::string>>& rows) {
  write_text_file_atomically(path, [&](std::ostream& out) {
    const auto write_row = [&](const std::vector<std::string>& cells) {
      for (std::size_t k = 0; k < cells.size(); ++k) out << (k ? "," : "") << field(cells[k]);
      out << "\n";
    };
    write_row(header);
    for (const auto& r : rows) write_row(r);
  });
}
}  // namespace

const std::vector<std::string>& csv_columns() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const RunTableColumn& c : run_table_columns()) n.push_back(c.name);
    return n;
  }();
  return names;
}

void write_csv(const std::string& path, const std::vector<RunRecord>& records, const Provenance& prov) {
  const RunTableContext context{prov.devices.empty() ? std::string() : prov.devices.front(), prov.git_revision,
                                prov.created_utc};
  std::vector<std::vector<std::string>> rows;
  for (const RunRecord& r : records) rows.push_back(texts(run_table_columns(), run_table_row(r, context)));
  write_rows(path, csv_columns(), rows);
}

void write_csv_table(const std::string& path, const std::vector<RunTableColumn>& columns,
                     const std::vector<std::vector<RunTableCell>>& rows) {
  std::vector<std::string> header;
  for (const RunTableColumn& c : columns) header.push_back(c.name);
  std::vector<std::vector<std::string>> text_rows;
  for (const auto& r : rows) text_rows.push_back(texts(columns, r));
  write_rows(path, header, text_rows);
}

}  // namespace hpcs
