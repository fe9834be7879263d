//! What a key may reach beyond its permissions (modules, allowed sites) and
//! what it may spend (rate limit, monthly quota), through the API.

use std::sync::Arc;

use chrono::{Datelike, Timelike, Utc};
use serde_json::json;
use shared::auth::Plan;
use shared::metering::{self, USAGE_TOTAL};

use crate::support::{TestApp, TestResponse, rome_1990};

async fn natal(app: &TestApp, key: &str, headers: &[(&str, &str)]) -> TestResponse {
    let mut all = vec![("x-api-key", key)];
    all.extend_from_slice(headers);
    app.post_raw("/api/calc/natal", &rome_1990().to_string(), &all).await
}

async fn life_path(app: &TestApp, key: &str) -> TestResponse {
    app.post_raw("/api/numerology/life-path", &json!({ "dateTime": "1990-05-11" }).to_string(), &[("x-api-key", key)]).await
}

/// Rate windows are UTC minutes: start a burst early in one, so that it
/// cannot straddle two.
async fn early_in_a_minute() {
    let second = Utc::now().second();
    if second >= 45 {
        tokio::time::sleep(std::time::Duration::from_secs(u64::from(61 - second))).await;
    }
}

#[tokio::test]
async fn a_key_restricted_to_modules_reaches_only_those() {
    let app = TestApp::spawn().await;
    let content_only = app.create_key(json!({ "modules": ["content"] })).await;
    let refused = life_path(&app, &content_only).await;
    assert_eq!(refused.status, 403, "{}", refused.text);
    assert_eq!(refused.error()["code"], "module_not_allowed");
    // Routes outside any module (the chart calculations) are not affected.
    assert_eq!(natal(&app, &content_only, &[]).await.status, 200);

    let numerology = app.create_key(json!({ "modules": ["numerology", "content"] })).await;
    assert_eq!(life_path(&app, &numerology).await.status, 200);
    let unrestricted = app.create_key(json!({})).await;
    assert_eq!(life_path(&app, &unrestricted).await.status, 200);
}

#[tokio::test]
async fn allowed_domains_follow_origin_then_referer() {
    let app = TestApp::spawn().await;
    let key = app.create_key(json!({ "allowedDomains": ["example.com", "*.example.org"] })).await;
    let cases: [(&[(&str, &str)], u16); 9] = [
        (&[("origin", "https://example.com")], 200),
        (&[("origin", "https://example.com:8443")], 200),
        (&[("origin", "https://www.example.com")], 403),
        (&[("origin", "https://shop.example.org")], 200),
        (&[("origin", "https://example.org")], 403),
        (&[("referer", "https://a.b.example.org/checkout?x=1")], 200),
        (&[("origin", "https://evil.test"), ("referer", "https://example.com/")], 403),
        (&[("origin", "null"), ("referer", "https://example.com/page")], 200),
        (&[], 403),
    ];
    for (headers, status) in cases {
        let response = natal(&app, &key, headers).await;
        assert_eq!(response.status, status, "{headers:?}: {}", response.text);
        if status == 403 {
            assert_eq!(response.error()["code"], "domain_not_allowed", "{headers:?}");
        }
    }
    let anywhere = app.create_key(json!({ "allowedDomains": ["*"] })).await;
    assert_eq!(natal(&app, &anywhere, &[("origin", "https://evil.test")]).await.status, 200);
}

#[tokio::test]
async fn refusals_come_in_order_and_are_not_charged() {
    let app = TestApp::spawn().await;
    let key = app.create_key(json!({ "permissions": ["content:read"], "allowedDomains": ["example.com"] })).await;
    // Permission is checked before the site.
    let refused = natal(&app, &key, &[("origin", "https://evil.test")]).await;
    assert_eq!(refused.error()["code"], "permission_denied");
    let usage = metering::monthly_usage(app.state.meter.as_ref(), &app.organization_id, &metering::month_of(Utc::now())).await.unwrap();
    assert_eq!(usage.total, 0, "refused requests cost nothing");
}

/// 500 requests at once on a key allowing 50 a minute: exactly 50 pass, the
/// other 450 get 429 with Retry-After, and the counters hold exactly 50.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_rate_limit_holds_exactly_under_500_concurrent_requests() {
    let app = Arc::new(TestApp::spawn().await);
    let key = Arc::new(app.create_key(json!({ "rateLimitPerMinute": 50 })).await);
    early_in_a_minute().await;
    let mut requests = tokio::task::JoinSet::new();
    for _ in 0..500 {
        let (app, key) = (app.clone(), key.clone());
        requests.spawn(async move { life_path(&app, &key).await });
    }
    let (mut passed, mut limited) = (0, 0);
    while let Some(response) = requests.join_next().await {
        let response = response.expect("request task");
        match response.status.as_u16() {
            200 => passed += 1,
            429 => {
                limited += 1;
                assert_eq!(response.error()["code"], "rate_limited");
                let retry: u64 = response.headers["retry-after"].to_str().unwrap().parse().unwrap();
                assert!((1..=60).contains(&retry), "Retry-After {retry}");
            }
            other => panic!("unexpected {other}: {}", response.text),
        }
    }
    assert_eq!((passed, limited), (50, 450));

    // None lost, none twice: the durable counters say 50 after a flush.
    app.state.meter.flush().await.unwrap();
    let month = metering::month_of(Utc::now());
    let partition = metering::usage_partition(&app.organization_id, &month);
    assert_eq!(app.state.table.counter(&partition, USAGE_TOTAL).await.unwrap(), 50);
    let usage = metering::monthly_usage(app.state.meter.as_ref(), &app.organization_id, &month).await.unwrap();
    assert_eq!(usage.by_key.iter().map(|(_, n)| n).sum::<i64>(), 50);
}

#[tokio::test]
async fn the_monthly_quota_runs_out_with_retry_after_at_the_month_end() {
    let app = TestApp::spawn().await;
    app.set_plan(Plan::Free).await;
    let key = app.create_key(json!({})).await;
    // 995 of the free plan's 1,000 units used earlier this month (durably).
    let now = Utc::now();
    let partition = metering::usage_partition(&app.organization_id, &metering::month_of(now));
    app.state.table.increment(&partition, USAGE_TOTAL, Plan::Free.monthly_quota() - 5, None, None).await.unwrap();

    let mut statuses = Vec::new();
    for _ in 0..8 {
        let response = life_path(&app, &key).await;
        if response.status == 429 {
            assert_eq!(response.error()["code"], "quota_exceeded");
            let retry: i64 = response.headers["retry-after"].to_str().unwrap().parse().unwrap();
            let next_month = (now.date_naive().with_day(1).unwrap() + chrono::Months::new(1)).and_hms_opt(0, 0, 0).unwrap().and_utc();
            assert!((retry - (next_month - Utc::now()).num_seconds()).abs() <= 2, "Retry-After {retry}");
        }
        statuses.push(response.status.as_u16());
    }
    assert_eq!(statuses, [200, 200, 200, 200, 200, 429, 429, 429]);
}
