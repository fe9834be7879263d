//! GET /api/org/usage: the organization's metered units in a month, in
//! total, per key and per widget, against its plan's quota. For owners and managers
//! (`billing:read`).

use axum::Json;
use axum::extract::{RawQuery, State};
use chrono::{NaiveDate, Utc};
use serde_json::{Value, json};
use shared::http::Code;
use shared::http::member::OrgMember;
use shared::http::version::query_value;
use shared::http::{ApiError, ApiResult, AppState};
use shared::metering;
use shared::repo::{api_keys, widgets};

/// `?month=YYYY-MM` (default: the current UTC month).
fn month_from(query: Option<&str>) -> Result<String, ApiError> {
    let Some(month) = query_value(query, "month") else { return Ok(metering::month_of(Utc::now())) };
    let well_formed = month.len() == 7 && NaiveDate::parse_from_str(&format!("{month}-01"), "%Y-%m-%d").is_ok();
    if !well_formed {
        return Err(ApiError::bad_request(Code::InvalidParameter, format!("month '{month}' is not a month in YYYY-MM form")));
    }
    Ok(month.to_owned())
}

#[tracing::instrument(name = "get_usage", skip_all)]
pub async fn get_usage(State(app): State<AppState>, member: OrgMember, RawQuery(query): RawQuery) -> ApiResult<Json<Value>> {
    member.require("billing:read")?;
    let month = month_from(query.as_deref())?;
    let organization = &member.organization;
    let usage = metering::monthly_usage(app.meter.as_ref(), &organization.id, &month).await?;
    let keys = api_keys::list_for_organization(app.table.as_ref(), &organization.id).await?;
    let by_key: Vec<Value> = usage
        .by_key
        .iter()
        .map(|(key_id, used)| {
            let key = keys.iter().find(|k| &k.id == key_id);
            json!({
                "keyId": key_id,
                "name": key.map(|k| k.name.as_str()),
                "prefix": key.map(|k| k.prefix.as_str()),
                "used": used,
            })
        })
        .collect();
    let widgets = widgets::list(app.table.as_ref(), &organization.id).await?;
    let by_widget: Vec<Value> = usage
        .by_widget
        .iter()
        .map(|(widget_id, used)| {
            let widget = widgets.iter().find(|w| &w.id == widget_id);
            json!({ "widgetId": widget_id, "name": widget.map(|w| w.name.as_str()), "used": used })
        })
        .collect();
    let quota = organization.plan.monthly_quota();
    Ok(Json(json!({
        "data": {
            "type": "usage",
            "id": format!("{}:{month}", organization.id),
            "attributes": {
                "month": month,
                "plan": organization.plan.id(),
                "quota": quota,
                "used": usage.total,
                "remaining": (quota - usage.total).max(0),
                "keys": by_key,
                "widgets": by_widget,
            }
        }
    })))
}
