//! The protocol's side: the tool list and a tool call, over the twin.

use std::sync::Arc;

use axum::http::request::Parts;
use axum::http::{HeaderMap, Method};
use rmcp::ErrorData;
use rmcp::handler::server::ServerHandler;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation, ListToolsResult, PaginatedRequestParams,
    ServerCapabilities, ServerConfig, Tool as ProtocolTool, ToolAnnotations,
};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::{Map, Value};
use shared::http::auth::IdentifiedKey;

use crate::readable;
use crate::tools::{Call, TOOLS, Tool};
use crate::twin::Twin;

#[derive(Clone)]
pub struct AstroTools {
    twin: Arc<Twin>,
}

impl AstroTools {
    pub fn new(twin: Arc<Twin>) -> Self {
        Self { twin }
    }

    async fn call(&self, tool: &Tool, arguments: Map<String, Value>, headers: &HeaderMap, key: &IdentifiedKey) -> CallToolResult {
        let answer = match &tool.call {
            Call::Body { path } => self.twin.call(Method::POST, path, headers, key, Some(&Value::Object(arguments))).await,
            Call::Query(path_and_query) => match path_and_query(&arguments) {
                Ok(path_and_query) => self.twin.call(Method::GET, &path_and_query, headers, key, None).await,
                Err(error) => Twin::answer_of(error).await,
            },
        };
        if answer.status.is_success() {
            let structured = (tool.structured)(answer.body);
            let mut result = CallToolResult::structured(Value::Null);
            result.content = vec![ContentBlock::text((tool.readable)(&structured))];
            result.structured_content = Some(structured);
            result
        } else {
            // The route's error body, its pointers included: a bad argument
            // is the tool's error, which the agent reads and can correct.
            let mut result = CallToolResult::structured_error(Value::Null);
            result.content = vec![ContentBlock::text(readable::errors(answer.status, &answer.body))];
            result.structured_content = Some(answer.body);
            result
        }
    }
}

fn protocol_tool(tool: &Tool) -> ProtocolTool {
    let schema = match serde_json::to_value((tool.input_schema)()) {
        Ok(Value::Object(schema)) => schema,
        _ => Map::new(),
    };
    let mut listed = ProtocolTool::new(tool.name, tool.description, schema);
    listed.title = Some(tool.title.to_owned());
    // Every tool reads: nothing it does changes the world but the meter.
    listed.annotations = Some(ToolAnnotations::new().read_only(true).destructive(false).idempotent(true).open_world(false));
    listed
}

impl ServerHandler for AstroTools {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("astrology-api", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "Astrology calculations with the Swiss Ephemeris: natal charts, transits, synastry, composite charts, \
                 progressions, solar and lunar returns, sky events, the Moon and Sun of a day, numerology, a Chinese \
                 yearly forecast, places by name and interpretation texts. Each tool takes the body of its REST \
                 endpoint (docs/api.md) and answers its document. Dates are local to the place unless they carry an \
                 offset; find_places gives labels that work as location.place.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(TOOLS.iter().map(protocol_tool).collect()))
    }

    async fn call_tool(&self, request: CallToolRequestParams, context: RequestContext<RoleServer>) -> Result<CallToolResponse, ErrorData> {
        let Some(tool) = TOOLS.iter().find(|tool| tool.name == request.name) else {
            return Err(ErrorData::invalid_params(format!("no tool '{}'", request.name), None));
        };
        let Some(parts) = context.extensions.get::<Parts>() else {
            return Err(ErrorData::internal_error("the HTTP request is missing", None));
        };
        let Some(identified) = parts.extensions.get::<IdentifiedKey>() else {
            return Err(ErrorData::internal_error("the key was not identified at the door", None));
        };
        Ok(self.call(tool, request.arguments.unwrap_or_default(), &parts.headers, identified).await.into())
    }

    fn get_tool(&self, name: &str) -> Option<ProtocolTool> {
        TOOLS.iter().find(|tool| tool.name == name).map(protocol_tool)
    }
}
