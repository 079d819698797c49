//! `esscribe serve`: a local, read-only web workbench over the library.
//!
//! The server binds to 127.0.0.1 only, answers only requests whose Host
//! header names the loopback address (a web page elsewhere cannot reach it
//! through DNS rebinding), serves nothing but its compiled-in page and the
//! JSON the library makes of the files it was started with, and bounds
//! every request in time and in how much it decodes, and every connection
//! in number and in how long its request's head may take.

mod api;
mod patch_view;
mod served;

use crate::loadorder_cmds::LoadOrderOpt;
use anyhow::{Context as _, Result};
use axum::extract::{Path as UrlPath, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use served::Served;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

/// Longest a request may take before it is answered with an error.
const REQUEST_TIME_LIMIT: Duration = Duration::from_secs(30);

/// Requests decoding records at the same time: the rest wait their turn,
/// so a burst of heavy pages cannot exhaust memory.
const HEAVY_AT_ONCE: usize = 2;

/// Longest a client may take to send a request's head; a connection that
/// sends nothing, or half a request, is closed then.
const HEADER_TIME_LIMIT: Duration = Duration::from_secs(10);

/// Connections open at once; one more is closed as soon as it is
/// accepted, so idle sockets cannot pile up.
const CONNECTIONS_AT_ONCE: usize = 64;

/// Longest a connection may stay open, kept alive or not.
const CONNECTION_TIME_LIMIT: Duration = Duration::from_secs(120);

const INDEX_HTML: &str = include_str!("../../assets/index.html");
const APP_JS: &str = include_str!("../../assets/app.js");
const STYLE_CSS: &str = include_str!("../../assets/style.css");

/// The server's shared state.
#[derive(Clone)]
struct App {
    served: Arc<Served>,
    heavy: Arc<tokio::sync::Semaphore>,
    port: u16,
}

/// Starts the server and serves until interrupted.
pub fn run(
    files: &[PathBuf],
    (order, lang): (&LoadOrderOpt, &crate::strings_opt::LangOpt),
    port: u16,
) -> Result<ExitCode> {
    let served = Served::load(files, order, &lang.language)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(serve(Arc::new(served), port))
}

async fn serve(served: Arc<Served>, port: u16) -> Result<ExitCode> {
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port))
        .await
        .with_context(|| format!("cannot listen on 127.0.0.1:{port}"))?;
    let port = listener.local_addr()?.port();
    let app = App {
        served: served.clone(),
        heavy: Arc::new(tokio::sync::Semaphore::new(HEAVY_AT_ONCE)),
        port,
    };
    let router = Router::new()
        .route("/", get(index))
        .route("/app.js", get(app_js))
        .route("/style.css", get(style_css))
        .route("/api/order", get(api_order))
        .route("/api/tree/{plugin}", get(api_tree))
        .route("/api/records/{plugin}", get(api_records))
        .route("/api/record/{plugin}/{id}", get(api_record))
        .route("/api/refs/{plugin}/{id}", get(api_refs))
        .route("/api/lookup", get(api_lookup))
        .route("/api/conflicts/{plugin}", get(api_conflicts))
        .route("/api/conflict/{plugin}/{id}", get(api_conflict))
        .route("/api/patch", get(api_patch))
        .route("/api/save/{save}", get(api_save))
        .route("/api/save/{save}/screenshot.png", get(api_screenshot))
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(app.clone(), guard))
        .with_state(app);
    // The address goes to standard output first, so that scripts (and
    // tests) started with --port 0 learn the port chosen.
    println!("esscribe serve: http://127.0.0.1:{port}/");
    eprintln!(
        "esscribe: serving {} and {}, read-only; Ctrl-C stops",
        crate::util::plural(served.order.len() as u64, "plugin", "plugins"),
        crate::util::plural(served.saves.len() as u64, "save", "saves"),
    );
    use std::io::Write as _;
    std::io::stdout().flush()?;
    accept(listener, router).await
}

/// Serves each connection accepted, within the bounds above.
async fn accept(listener: tokio::net::TcpListener, router: Router) -> Result<ExitCode> {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;
    let open = Arc::new(tokio::sync::Semaphore::new(CONNECTIONS_AT_ONCE));
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of file descriptors, or a connection reset before it was
            // taken: the server goes on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = open.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let service = TowerToHyperService::new(router.clone());
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIME_LIMIT);
            let connection = http.serve_connection(TokioIo::new(stream), service);
            let _ = tokio::time::timeout(CONNECTION_TIME_LIMIT, connection).await;
            drop(permit);
        });
    }
}

/// Whether a Host header names this server on the loopback address.
fn host_is_loopback(host: &str, port: u16) -> bool {
    let name = match host.rsplit_once(':') {
        Some((name, p)) if !name.ends_with(':') && !p.contains(']') => {
            if p.parse::<u16>().ok() != Some(port) {
                return false;
            }
            name
        }
        _ => host,
    };
    matches!(name, "127.0.0.1" | "localhost" | "[::1]")
}

/// Refuses foreign hosts and bounds each request's time.
async fn guard(State(app): State<App>, request: Request, next: Next) -> Response {
    // One Host header: with two, which one a proxy or a browser meant
    // cannot be told.
    let mut hosts = request.headers().get_all(header::HOST).iter();
    let (host, second) = (hosts.next(), hosts.next());
    if second.is_some() {
        return (
            StatusCode::BAD_REQUEST,
            "refused: more than one Host header\n",
        )
            .into_response();
    }
    let host = host.and_then(|h| h.to_str().ok()).unwrap_or("");
    if !host_is_loopback(host, app.port) {
        return (
            StatusCode::FORBIDDEN,
            format!("refused: Host {host:?} is not this server's loopback address\n"),
        )
            .into_response();
    }
    let mut response = match tokio::time::timeout(REQUEST_TIME_LIMIT, next.run(request)).await {
        Ok(r) => r,
        Err(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the request took longer than {} seconds and was stopped\n",
                REQUEST_TIME_LIMIT.as_secs()
            ),
        )
            .into_response(),
    };
    let h = response.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'self'; img-src 'self'; frame-ancestors 'none'"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        "not found: this server serves its page and the files it was started with\n",
    )
        .into_response()
}

fn asset(kind: &'static str, body: &'static str) -> Response {
    let mut h = HeaderMap::new();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    (h, body).into_response()
}

async fn index() -> Response {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

async fn app_js() -> Response {
    asset("text/javascript; charset=utf-8", APP_JS)
}

async fn style_css() -> Response {
    asset("text/css; charset=utf-8", STYLE_CSS)
}

/// Runs library work off the async threads, a few requests at a time.
async fn blocking<F>(app: &App, work: F) -> Response
where
    F: FnOnce(&Served) -> api::Answer + Send + 'static,
{
    let Ok(permit) = app.heavy.clone().acquire_owned().await else {
        return api::Answer::Failed("the server is stopping".into()).into_response();
    };
    let served = app.served.clone();
    // The permit goes with the work: a request stopped for taking too long
    // still counts until its work is done.
    let work = move || {
        let answer = work(&served);
        drop(permit);
        answer
    };
    match tokio::task::spawn_blocking(work).await {
        Ok(answer) => answer.into_response(),
        Err(_) => {
            api::Answer::Failed("the request failed inside the server".into()).into_response()
        }
    }
}

async fn api_order(State(app): State<App>) -> Response {
    blocking(&app, api::order).await
}

async fn api_tree(
    State(app): State<App>,
    UrlPath(plugin): UrlPath<String>,
    Query(q): Query<api::TreeQuery>,
) -> Response {
    blocking(&app, move |s| api::tree(s, &plugin, &q)).await
}

async fn api_records(
    State(app): State<App>,
    UrlPath(plugin): UrlPath<String>,
    Query(q): Query<api::RecordsQuery>,
) -> Response {
    blocking(&app, move |s| api::records(s, &plugin, &q)).await
}

async fn api_record(
    State(app): State<App>,
    UrlPath((plugin, id)): UrlPath<(String, String)>,
) -> Response {
    blocking(&app, move |s| api::record(s, &plugin, &id)).await
}

async fn api_refs(
    State(app): State<App>,
    UrlPath((plugin, id)): UrlPath<(String, String)>,
) -> Response {
    blocking(&app, move |s| api::referenced_by(s, &plugin, &id)).await
}

async fn api_lookup(State(app): State<App>, Query(q): Query<api::LookupQuery>) -> Response {
    blocking(&app, move |s| api::lookup(s, &q)).await
}

async fn api_conflicts(
    State(app): State<App>,
    UrlPath(plugin): UrlPath<String>,
    Query(q): Query<api::PageQuery>,
) -> Response {
    blocking(&app, move |s| api::conflicts(s, &plugin, &q)).await
}

async fn api_conflict(
    State(app): State<App>,
    UrlPath((plugin, id)): UrlPath<(String, String)>,
) -> Response {
    blocking(&app, move |s| api::conflict(s, &plugin, &id)).await
}

async fn api_patch(State(app): State<App>) -> Response {
    blocking(&app, patch_view::patch).await
}

async fn api_save(State(app): State<App>, UrlPath(save): UrlPath<String>) -> Response {
    blocking(&app, move |s| api::save(s, &save)).await
}

async fn api_screenshot(State(app): State<App>, UrlPath(save): UrlPath<String>) -> Response {
    blocking(&app, move |s| api::screenshot(s, &save)).await
}

#[cfg(test)]
mod tests {
    use super::host_is_loopback;

    #[test]
    fn only_loopback_hosts_on_this_port_are_accepted() {
        assert!(host_is_loopback("127.0.0.1:8765", 8765));
        assert!(host_is_loopback("localhost:8765", 8765));
        assert!(host_is_loopback("[::1]:8765", 8765));
        assert!(host_is_loopback("localhost", 8765));
        assert!(!host_is_loopback("127.0.0.1:8766", 8765));
        assert!(!host_is_loopback("evil.example:8765", 8765));
        assert!(!host_is_loopback("127.0.0.1.evil.example:8765", 8765));
        assert!(!host_is_loopback("", 8765));
    }
}
