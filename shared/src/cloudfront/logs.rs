//! CloudFront standard log files, as CloudFront delivers them to S3
//! (standard logging, legacy): gzip, W3C extended log format. A file starts
//! with `#Version: 1.0` and `#Fields: date time x-edge-location ...`, then
//! one request per line, tab-separated, `-` for an empty value, and the
//! query string (`cs-uri-query`) URL-encoded.
//!
//! Columns are found by name from the `#Fields` line (a later `#Fields`
//! line replaces it), never by position: CloudFront has added fields over
//! the years and only appends, but a file names what it holds.

use std::io::{BufRead, BufReader, Read};

use chrono::{DateTime, NaiveDate, NaiveTime, Utc};

/// One request of a log file: what metering needs of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogRequest {
    /// The line in the file (1-based), for the logs of whoever reads it.
    pub line: usize,
    /// When CloudFront finished answering (`date` and `time`, UTC).
    pub at: DateTime<Utc>,
    /// `cs-method`.
    pub method: String,
    /// `cs-uri-stem`: the path.
    pub uri_stem: String,
    /// `sc-status`; `None` when not a number (`000`: the viewer left first,
    /// is a number, 0).
    pub status: Option<u16>,
    /// `cs-uri-query` as logged (URL-encoded), empty for `-`.
    pub uri_query: String,
    /// `x-edge-result-type`: `Hit`, `RefreshHit`, `Miss`, `Error`, ...
    pub edge_result_type: String,
}

impl LogRequest {
    /// The first value of query parameter `name`, URL-decoded.
    pub fn query_parameter(&self, name: &str) -> Option<String> {
        form_urlencoded::parse(self.uri_query.as_bytes()).find(|(key, _)| key == name).map(|(_, value)| value.into_owned())
    }
}

/// A line of a log file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LogLine {
    Request(LogRequest),
    /// A request line that does not fit the `#Fields` line: skipped.
    Malformed {
        line: usize,
        reason: &'static str,
    },
}

/// A file that cannot be read as a CloudFront log at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LogFileError {
    #[error("line {line}: a request line before any #Fields line")]
    NoFields { line: usize },
    #[error("line {line}: the #Fields line does not name `{field}`")]
    MissingField { line: usize, field: &'static str },
    #[error("the log file cannot be read (gzip or I/O): {0}")]
    Unreadable(String),
}

/// The fields metering reads, in the order of [`Columns::positions`].
const NEEDED: [&str; 7] = ["date", "time", "cs-method", "cs-uri-stem", "sc-status", "cs-uri-query", "x-edge-result-type"];

/// Where each needed field is on a request line, and how many fields a
/// line has.
#[derive(Debug, Clone, Copy)]
struct Columns {
    positions: [usize; NEEDED.len()],
    count: usize,
}

impl Columns {
    fn from_fields_line(names: &str, line: usize) -> Result<Self, LogFileError> {
        let names: Vec<&str> = names.split_whitespace().collect();
        let mut positions = [0; NEEDED.len()];
        for (slot, field) in positions.iter_mut().zip(NEEDED) {
            *slot = names.iter().position(|name| *name == field).ok_or(LogFileError::MissingField { line, field })?;
        }
        Ok(Self { positions, count: names.len() })
    }

    fn request(&self, text: &str, line: usize) -> LogLine {
        let values: Vec<&str> = text.split('\t').collect();
        if values.len() != self.count {
            return LogLine::Malformed { line, reason: "not as many values as the #Fields line names" };
        }
        let [date, time, method, uri_stem, status, uri_query, edge_result_type] = self.positions.map(|i| match values[i] {
            "-" => "",
            value => value,
        });
        let Some(at) = NaiveDate::parse_from_str(date, "%Y-%m-%d")
            .ok()
            .zip(NaiveTime::parse_from_str(time, "%H:%M:%S").ok())
            .map(|(date, time)| date.and_time(time).and_utc())
        else {
            return LogLine::Malformed { line, reason: "date or time is not YYYY-MM-DD and hh:mm:ss" };
        };
        LogLine::Request(LogRequest {
            line,
            at,
            method: method.to_owned(),
            uri_stem: uri_stem.to_owned(),
            status: status.parse().ok(),
            uri_query: uri_query.to_owned(),
            edge_result_type: edge_result_type.to_owned(),
        })
    }
}

/// The lines of a log file, read as they come (a file of a busy hour need
/// not fit in memory at once).
pub struct LogReader<R> {
    reader: R,
    columns: Option<Columns>,
    line: usize,
    buffer: Vec<u8>,
    failed: bool,
}

/// The requests of an uncompressed log file.
pub fn read<R: BufRead>(reader: R) -> LogReader<R> {
    LogReader { reader, columns: None, line: 0, buffer: Vec::new(), failed: false }
}

/// The requests of a log file as delivered (gzip; several gzip members
/// one after the other read as one file).
pub fn read_gzip<R: Read>(compressed: R) -> LogReader<BufReader<flate2::read::MultiGzDecoder<R>>> {
    read(BufReader::new(flate2::read::MultiGzDecoder::new(compressed)))
}

impl<R: BufRead> Iterator for LogReader<R> {
    type Item = Result<LogLine, LogFileError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.failed {
                return None;
            }
            self.buffer.clear();
            match self.reader.read_until(b'\n', &mut self.buffer) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(error) => {
                    self.failed = true;
                    return Some(Err(LogFileError::Unreadable(error.to_string())));
                }
            }
            self.line += 1;
            let line = self.line;
            // The format is ASCII (CloudFront URL-encodes the rest); a stray
            // byte only spoils its own line.
            let text = String::from_utf8_lossy(&self.buffer);
            let text = text.trim_end_matches(['\n', '\r']);
            if text.is_empty() {
                continue;
            }
            if let Some(directive) = text.strip_prefix('#') {
                if let Some(names) = directive.strip_prefix("Fields:") {
                    match Columns::from_fields_line(names, line) {
                        Ok(columns) => self.columns = Some(columns),
                        Err(error) => {
                            self.failed = true;
                            return Some(Err(error));
                        }
                    }
                }
                // `#Version` and any other directive say nothing metering needs.
                continue;
            }
            return Some(match &self.columns {
                Some(columns) => Ok(columns.request(text, line)),
                None => {
                    self.failed = true;
                    Err(LogFileError::NoFields { line })
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIELDS: &str = "#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end";

    fn lines(text: &str) -> Vec<Result<LogLine, LogFileError>> {
        read(text.as_bytes()).collect()
    }

    #[test]
    fn columns_come_from_the_fields_line() {
        let line = "2019-12-04\t21:02:31\tLAX1\t392\t192.0.2.100\tGET\td111111abcdef8.cloudfront.net\t/index.html\t200\t-\tMozilla/5.0%20(Windows%20NT%2010.0)\ta=1&b=%2Fx\t-\tHit\tSOX4xwn4XV6Q4rgb7XiVGOHms_BGlTAC4KyHmureZmBNrjGdRLiNIQ==\td111111abcdef8.cloudfront.net\thttps\t23\t0.001\t-\tTLSv1.2\tECDHE-RSA-AES128-GCM-SHA256\tHit\tHTTP/2.0\t-\t-\t11040\t0.001\tHit\ttext/html\t78\t-\t-";
        let found = lines(&format!("#Version: 1.0\n{FIELDS}\n{line}\n"));
        let [Ok(LogLine::Request(request))] = found.as_slice() else { panic!("{found:?}") };
        assert_eq!(request.line, 3);
        assert_eq!(request.at.to_rfc3339(), "2019-12-04T21:02:31+00:00");
        assert_eq!((request.method.as_str(), request.uri_stem.as_str(), request.status), ("GET", "/index.html", Some(200)));
        assert_eq!(request.edge_result_type, "Hit");
        assert_eq!(request.query_parameter("b").as_deref(), Some("/x"));

        // Fewer fields, in another order: found by name.
        let short = "#Fields: x-edge-result-type cs-uri-query sc-status cs-uri-stem cs-method time date\nMiss\t-\t503\t/a\tHEAD\t00:00:01\t2026-02-01\n";
        let found = lines(short);
        let [Ok(LogLine::Request(request))] = found.as_slice() else { panic!("{found:?}") };
        assert_eq!((request.edge_result_type.as_str(), request.uri_query.as_str(), request.status), ("Miss", "", Some(503)));
        assert_eq!(request.method, "HEAD");
    }

    #[test]
    fn bad_lines_are_skipped_and_a_file_without_fields_is_refused() {
        let text = format!("{FIELDS}\nonly\tthree\tvalues\n\n{}\n", ["x"; 33].join("\t"));
        let found = lines(&text);
        assert!(matches!(found.as_slice(), [Ok(LogLine::Malformed { line: 2, .. }), Ok(LogLine::Malformed { line: 4, .. })]), "{found:?}");
        assert_eq!(lines("2019-12-04\t21:02:31\n"), vec![Err(LogFileError::NoFields { line: 1 })]);
        assert_eq!(lines("#Fields: date time cs-method\n"), vec![Err(LogFileError::MissingField { line: 1, field: "cs-uri-stem" })]);
        let corrupt: Vec<_> = read_gzip(&b"\x1f\x8b\x08\x00not gzip at all"[..]).collect();
        assert!(matches!(corrupt.as_slice(), [Err(LogFileError::Unreadable(_))]), "{corrupt:?}");
    }
}
