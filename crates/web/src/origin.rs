//! Who may talk to the server, and what the browser is told about its
//! answers.
//!
//! A server on `127.0.0.1` is still reachable from every web page the user
//! opens: a page can send it requests (a cross-origin POST), and a page
//! whose domain name is made to resolve to `127.0.0.1` (DNS rebinding) can
//! even read the answers. Two checks close that, together with the
//! extractor's `Content-Type: application/json` rule (a cross-origin
//! request with that type needs a CORS preflight, which the server never
//! grants):
//!
//! * **`Host`** must name this machine: an IP address (a rebinding page
//!   reaches the server under its own domain name, never under an
//!   address), `localhost` or a name under `.localhost`, or a name allowed
//!   by [`HostCheck::Allow`]. A request without `Host` (not a browser's)
//!   passes.
//! * **`Origin`**, when the browser sends one, must be the page's own: the
//!   same host and port as `Host` (or a host allowed by name, for a reverse
//!   proxy that rewrites `Host`); `Origin: null` (a sandboxed frame, a
//!   local file) is refused.
//!
//! Both answer 403 with a message naming the header and the way out
//! (`fdoku serve --allow-host NAME`, or `--any-host` which turns both
//! checks off, [`HostCheck::Any`]).
//!
//! Every answer also carries [`SECURITY_HEADERS`]: no MIME sniffing, a
//! content security policy that lets the page load only its own scripts,
//! styles and API (it has no inline script or style), no framing, and no
//! referrer.

use std::net::{Ipv4Addr, Ipv6Addr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// Which `Host` and `Origin` headers the server answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HostCheck {
    /// This machine's names (`localhost`, `*.localhost`), any IP address,
    /// and these host names too (lower case, without port).
    Allow(Vec<String>),
    /// Any host and any origin: no check.
    Any,
}

impl Default for HostCheck {
    /// This machine's names and IP addresses only.
    fn default() -> Self {
        HostCheck::Allow(Vec::new())
    }
}

impl HostCheck {
    /// Whether `host` (no port, any case) is answered.
    fn allows(&self, host: &str) -> bool {
        match self {
            HostCheck::Any => true,
            HostCheck::Allow(names) => {
                let host = host.trim_end_matches('.').to_ascii_lowercase();
                is_ip_address(&host)
                    || host == "localhost"
                    || host.ends_with(".localhost")
                    || names.iter().any(|name| name.eq_ignore_ascii_case(&host))
            }
        }
    }

    /// Whether `host` is one of the names allowed by name.
    fn names(&self, host: &str) -> bool {
        match self {
            HostCheck::Any => true,
            HostCheck::Allow(names) => names
                .iter()
                .any(|name| name.eq_ignore_ascii_case(host.trim_end_matches('.'))),
        }
    }
}

/// `host` is an IPv4 address in dotted form or a bracketed IPv6 address.
fn is_ip_address(host: &str) -> bool {
    match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        Some(v6) => v6.parse::<Ipv6Addr>().is_ok(),
        None => host.parse::<Ipv4Addr>().is_ok(),
    }
}

/// A host and port, as `Host` and `Origin` carry them.
#[derive(Debug, PartialEq, Eq)]
struct Authority {
    host: String,
    port: Option<u16>,
}

impl Authority {
    /// `host[:port]`, the host in lower case (an IPv6 address keeps its
    /// brackets); `None` when the port is not a number.
    fn parse(text: &str) -> Option<Authority> {
        let (host, port) = match text.rfind(':') {
            // An IPv6 address without port: its colons are inside brackets.
            Some(at) if !text[at..].contains(']') => {
                (&text[..at], Some(text[at + 1..].parse().ok()?))
            }
            _ => (text, None),
        };
        if host.is_empty() {
            return None;
        }
        Some(Authority {
            host: host.trim_end_matches('.').to_ascii_lowercase(),
            port,
        })
    }

    /// The same host and port, a missing port being `default_port`.
    fn same_as(&self, other: &Authority, default_port: u16) -> bool {
        self.host == other.host
            && self.port.unwrap_or(default_port) == other.port.unwrap_or(default_port)
    }
}

/// The middleware: refuses a request whose `Host` or `Origin` is not
/// allowed by `check` (403).
pub async fn check(State(check): State<Arc<HostCheck>>, request: Request, next: Next) -> Response {
    match verdict(&check, request.headers()) {
        Ok(()) => next.run(request).await,
        Err(message) => ApiError::Forbidden(message).into_response(),
    }
}

/// Why `headers` are refused, if they are.
fn verdict(check: &HostCheck, headers: &axum::http::HeaderMap) -> Result<(), String> {
    if *check == HostCheck::Any {
        return Ok(());
    }
    let way_out = |name: &str| {
        format!("start fdoku serve with --allow-host {name} to accept it, or --any-host")
    };
    let host = match headers.get(header::HOST) {
        None => None,
        Some(value) => {
            let text = value.to_str().unwrap_or("");
            match Authority::parse(text) {
                Some(host) if check.allows(&host.host) => Some(host),
                Some(host) => {
                    return Err(format!(
                        "Host {text:?} is not this machine's name: fdoku serve answers \
                         localhost and IP addresses (a guard against DNS rebinding); {}",
                        way_out(&host.host)
                    ));
                }
                None => return Err(format!("Host {text:?} is not a host name with a port")),
            }
        }
    };
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let text = origin.to_str().unwrap_or("");
    let Some((default_port, rest)) = text
        .strip_prefix("http://")
        .map(|rest| (80, rest))
        .or_else(|| text.strip_prefix("https://").map(|rest| (443, rest)))
    else {
        return Err(format!(
            "Origin {text:?} is not a web page of this server: requests from other pages \
             are refused"
        ));
    };
    let Some(from) = Authority::parse(rest) else {
        return Err(format!("Origin {text:?} is not an http(s) origin"));
    };
    let own_page = host
        .as_ref()
        .is_none_or(|host| from.same_as(host, default_port));
    if check.names(&from.host) || (own_page && check.allows(&from.host)) {
        Ok(())
    } else {
        Err(format!(
            "Origin {text:?} is another web page: fdoku serve answers its own page only; {}",
            way_out(&from.host)
        ))
    }
}

/// What the page may load: its own scripts (ES modules, no inline
/// script), styles (no inline style; scripts set styles through the
/// CSSOM, which the policy allows), the API, and the empty `data:` icon.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
     style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; \
     form-action 'self'; frame-ancestors 'none'";

/// The headers every answer carries.
pub const SECURITY_HEADERS: [(HeaderName, &str); 5] = [
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "no-referrer"),
    (
        HeaderName::from_static("cross-origin-resource-policy"),
        "same-origin",
    ),
];

/// Adds [`SECURITY_HEADERS`] to `response`.
pub async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    response
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderMap;

    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        pairs
            .iter()
            .map(|&(name, value)| {
                (
                    HeaderName::from_static(name),
                    HeaderValue::from_str(value).unwrap(),
                )
            })
            .collect()
    }

    #[test]
    fn hosts_of_this_machine_pass_others_need_a_name() {
        let check = HostCheck::default();
        for host in [
            "127.0.0.1:7878",
            "localhost:7878",
            "LOCALHOST.",
            "app.localhost:80",
            "[::1]:7878",
            "[::1]",
            "192.168.1.20:7878",
        ] {
            assert_eq!(
                verdict(&check, &headers(&[("host", host)])),
                Ok(()),
                "{host}"
            );
        }
        for host in [
            "evil.example:7878",
            "127.0.0.1.evil.example",
            "localhost.evil",
            ":7878",
        ] {
            assert!(
                verdict(&check, &headers(&[("host", host)])).is_err(),
                "{host}"
            );
        }
        let named = HostCheck::Allow(vec!["sudoku.lan".to_owned()]);
        assert_eq!(
            verdict(&named, &headers(&[("host", "Sudoku.LAN:7878")])),
            Ok(())
        );
        assert_eq!(
            verdict(&HostCheck::Any, &headers(&[("host", "evil.example")])),
            Ok(())
        );
    }

    #[test]
    fn only_the_pages_own_origin_passes() {
        let check = HostCheck::default();
        let own = headers(&[
            ("host", "127.0.0.1:7878"),
            ("origin", "http://127.0.0.1:7878"),
        ]);
        assert_eq!(verdict(&check, &own), Ok(()));
        let https = headers(&[("host", "localhost:443"), ("origin", "https://localhost")]);
        assert_eq!(verdict(&check, &https), Ok(()));
        for origin in [
            "https://evil.example",
            "http://127.0.0.1:8000",
            "http://localhost:7878",
            "null",
            "file://",
        ] {
            let request = headers(&[("host", "127.0.0.1:7878"), ("origin", origin)]);
            let error = verdict(&check, &request).unwrap_err();
            assert!(error.starts_with("Origin"), "{origin}: {error}");
        }
        // A reverse proxy that rewrites Host: the public name is allowed.
        let proxy = HostCheck::Allow(vec!["sudoku.example".to_owned()]);
        let request = headers(&[
            ("host", "127.0.0.1:7878"),
            ("origin", "https://sudoku.example"),
        ]);
        assert_eq!(verdict(&proxy, &request), Ok(()));
    }
}
