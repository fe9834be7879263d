//! GET /api/modules: what the calling key can reach of the plan's modules.
//! Its answer does not depend on the compatibility date, so it carries no
//! version headers (interface, Versioning rule 12).

use axum::Json;
use serde_json::{Value, json};
use shared::auth::Module;
use shared::http::{ApiResult, Caller};

/// Every module with whether the plan has it and the key may use it; a key
/// with no module list takes every module of the plan.
#[tracing::instrument(name = "list_modules", skip_all)]
pub async fn list_modules(caller: Caller) -> ApiResult<Json<Value>> {
    let plan = caller.organization.plan;
    let key_allows = |module: &Module| caller.key.modules.is_empty() || caller.key.modules.contains(module);
    let plan_modules: Vec<&str> = plan.modules().iter().map(|m| m.id()).collect();
    let available: Vec<&str> = plan.modules().iter().filter(|m| key_allows(m)).map(|m| m.id()).collect();
    let key_modules = (!caller.key.modules.is_empty()).then(|| caller.key.modules.iter().map(|m| m.id()).collect::<Vec<_>>());
    let modules: Vec<Value> = Module::ALL
        .iter()
        .map(|module| {
            let in_plan = plan.modules().contains(module);
            json!({ "id": module.id(), "inPlan": in_plan, "allowedForKey": key_allows(module), "available": in_plan && key_allows(module) })
        })
        .collect();
    Ok(Json(json!({
        "data": {
            "type": "modules",
            "id": caller.organization.id,
            "attributes": {
                "plan": plan.id(),
                "planModules": plan_modules,
                "keyModules": key_modules,
                "availableModules": available,
                "modules": modules,
            }
        }
    })))
}
