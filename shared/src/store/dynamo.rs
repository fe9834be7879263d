//! [`DynamoTable`]: the [`Table`] port on one AWS DynamoDB table.
//!
//! Attributes: `pk` (S, hash key), `sk` (S, range key), `doc` (S, the JSON of
//! the item's attrs), `count` (N, counters only), `expires_at` (N, the table's
//! TTL attribute). Items and counters share the key space here (they are apart
//! on the embedded backend), so the schema must keep their keys apart. An item with
//! no `doc` is a counter: `get` and `query` skip it, as the embedded backend
//! would never return one.
//!
//! Reads are strongly consistent (twice the read capacity of eventual reads):
//! the embedded backend always reads its own writes and callers are written
//! against that, e.g. "create a key, then list keys".

use std::collections::HashMap;

use async_trait::async_trait;
use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::error::{DisplayErrorContext, ProvideErrorMetadata, SdkError};
use aws_sdk_dynamodb::operation::transact_write_items::TransactWriteItemsError;
use aws_sdk_dynamodb::types::{
    AttributeDefinition, AttributeValue, BillingMode, Delete, KeySchemaElement, KeyType, KeysAndAttributes, Put, ReturnValue,
    ScalarAttributeType, TableStatus, TimeToLiveSpecification, TransactWriteItem, Update,
};
use serde_json::Value;

use super::{Condition, CounterIncrement, Increment, Increments, Item, StoreError, Table, WriteOp};

const PK: &str = "pk";
const SK: &str = "sk";
const DOC: &str = "doc";
const COUNT: &str = "count";
const EXPIRES_AT: &str = "expires_at";

/// The port's documented maximum ops per [`Table::write`] (and DynamoDB's
/// per transaction, before its 100).
const MAX_WRITE_OPS: usize = 25;

/// DynamoDB's maximum keys per `BatchGetItem`.
const MAX_BATCH_GET: usize = 100;

/// Tries of a counter transaction that another transaction on the same
/// counters cancelled (`TransactionConflict`): concurrent charges of one
/// organization meet on its monthly counter, and DynamoDB cancels rather
/// than queues them. Backoff doubles from 2 ms with full jitter.
const CONFLICT_TRIES: u32 = 8;

/// Longest backend message kept in a [`StoreError::Backend`]: enough to
/// diagnose, short enough for a log line.
const MAX_MESSAGE: usize = 300;

/// The [`Table`] port on the DynamoDB table `table`.
#[derive(Debug, Clone)]
pub struct DynamoTable {
    client: Client,
    table: String,
}

impl DynamoTable {
    pub fn new(client: Client, table: impl Into<String>) -> Self {
        Self { client, table: table.into() }
    }

    /// Creates the table (on-demand billing, `pk`/`sk` keys, TTL on
    /// `expires_at`) unless it exists, and waits until it is ACTIVE. For tests
    /// and local setups; production tables come from infrastructure code.
    pub async fn create_table_if_missing(&self) -> Result<(), StoreError> {
        match self.client.describe_table().table_name(&self.table).send().await {
            Ok(_) => return self.wait_active().await,
            Err(e) if e.as_service_error().is_some_and(|s| s.is_resource_not_found_exception()) => {}
            Err(e) => return Err(sdk_error("DescribeTable", &e)),
        }
        let attr = |name: &str| {
            AttributeDefinition::builder().attribute_name(name).attribute_type(ScalarAttributeType::S).build().map_err(build_error)
        };
        let key = |name: &str, kind: KeyType| KeySchemaElement::builder().attribute_name(name).key_type(kind).build().map_err(build_error);
        let created = self
            .client
            .create_table()
            .table_name(&self.table)
            .billing_mode(BillingMode::PayPerRequest)
            .attribute_definitions(attr(PK)?)
            .attribute_definitions(attr(SK)?)
            .key_schema(key(PK, KeyType::Hash)?)
            .key_schema(key(SK, KeyType::Range)?)
            .send()
            .await;
        match created {
            Ok(_) => {}
            // Someone else created it meanwhile: fine, it exists.
            Err(e) if e.as_service_error().is_some_and(|s| s.is_resource_in_use_exception()) => {
                return self.wait_active().await;
            }
            Err(e) => return Err(sdk_error("CreateTable", &e)),
        }
        self.wait_active().await?;
        let ttl = TimeToLiveSpecification::builder().attribute_name(EXPIRES_AT).enabled(true).build().map_err(build_error)?;
        self.client
            .update_time_to_live()
            .table_name(&self.table)
            .time_to_live_specification(ttl)
            .send()
            .await
            .map_err(|e| sdk_error("UpdateTimeToLive", &e))?;
        Ok(())
    }

    /// Polls until the table is ACTIVE (at most ~60 s; a new on-demand table
    /// usually takes a few seconds, a local mock none).
    async fn wait_active(&self) -> Result<(), StoreError> {
        for _ in 0..120 {
            let out = self.client.describe_table().table_name(&self.table).send().await.map_err(|e| sdk_error("DescribeTable", &e))?;
            if out.table().and_then(|t| t.table_status()) == Some(&TableStatus::Active) {
                return Ok(());
            }
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        }
        Err(StoreError::Backend(format!("table {} did not become ACTIVE", self.table)))
    }

    fn key(pk: &str, sk: &str) -> HashMap<String, AttributeValue> {
        HashMap::from([(PK.to_owned(), AttributeValue::S(pk.to_owned())), (SK.to_owned(), AttributeValue::S(sk.to_owned()))])
    }

    /// A consistent query of partition `pk`, sort keys starting with
    /// `sk_prefix` (all of them when empty), from `start` on: what `query`
    /// and `counters` page through.
    fn partition_query(
        &self,
        pk: &str,
        sk_prefix: &str,
        start: Option<HashMap<String, AttributeValue>>,
    ) -> aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder {
        let req = self
            .client
            .query()
            .table_name(&self.table)
            .consistent_read(true)
            .expression_attribute_values(":pk", AttributeValue::S(pk.to_owned()))
            .set_exclusive_start_key(start);
        if sk_prefix.is_empty() {
            req.key_condition_expression("pk = :pk")
        } else {
            req.key_condition_expression("pk = :pk AND begins_with(sk, :p)")
                .expression_attribute_values(":p", AttributeValue::S(sk_prefix.to_owned()))
        }
    }

    /// The current counter value, read consistently (0 if absent).
    async fn read_counter(&self, pk: &str, sk: &str) -> Result<i64, StoreError> {
        let out = self
            .client
            .get_item()
            .table_name(&self.table)
            .set_key(Some(Self::key(pk, sk)))
            .consistent_read(true)
            .projection_expression("#count")
            .expression_attribute_names("#count", COUNT)
            .send()
            .await
            .map_err(|e| sdk_error("GetItem", &e))?;
        match out.item().and_then(|item| item.get(COUNT)) {
            Some(value) => parse_count(value),
            None => Ok(0),
        }
    }

    /// One conditional `UpdateItem`: the new count, or `None` when the limit
    /// refused the add (nothing changed).
    async fn update_counter(
        &self,
        pk: &str,
        sk: &str,
        by: i64,
        limit: Option<i64>,
        expires_at: Option<i64>,
    ) -> Result<Option<i64>, StoreError> {
        let update = counter_update(by, limit, expires_at)?;
        let sent = self
            .client
            .update_item()
            .table_name(&self.table)
            .set_key(Some(Self::key(pk, sk)))
            .update_expression(update.update)
            .set_condition_expression(update.condition.map(str::to_owned))
            .expression_attribute_names("#count", COUNT)
            .set_expression_attribute_values(Some(update.values))
            .return_values(ReturnValue::UpdatedNew)
            .send()
            .await;
        match sent {
            Ok(out) => out
                .attributes()
                .and_then(|a| a.get(COUNT))
                .ok_or_else(|| StoreError::Corrupt("UpdateItem returned no `count`".into()))
                .and_then(parse_count)
                .map(Some),
            Err(e) if e.as_service_error().is_some_and(|s| s.is_conditional_check_failed_exception()) => Ok(None),
            Err(e) => Err(sdk_error("UpdateItem", &e)),
        }
    }

    async fn write_one(&self, op: WriteOp) -> Result<(), StoreError> {
        match op {
            WriteOp::Put { item, condition } => {
                let mut req = self.client.put_item().table_name(&self.table).set_item(Some(to_attributes(&item)?));
                if let Some(expr) = condition_expression(condition) {
                    req = req.condition_expression(expr);
                }
                match req.send().await {
                    Ok(_) => Ok(()),
                    Err(e) if e.as_service_error().is_some_and(|s| s.is_conditional_check_failed_exception()) => {
                        Err(StoreError::ConditionFailed)
                    }
                    Err(e) => Err(sdk_error("PutItem", &e)),
                }
            }
            WriteOp::Delete { pk, sk, condition } => {
                let mut req = self.client.delete_item().table_name(&self.table).set_key(Some(Self::key(&pk, &sk)));
                if let Some(expr) = condition_expression(condition) {
                    req = req.condition_expression(expr);
                }
                match req.send().await {
                    Ok(_) => Ok(()),
                    Err(e) if e.as_service_error().is_some_and(|s| s.is_conditional_check_failed_exception()) => {
                        Err(StoreError::ConditionFailed)
                    }
                    Err(e) => Err(sdk_error("DeleteItem", &e)),
                }
            }
        }
    }

    async fn write_many(&self, ops: Vec<WriteOp>) -> Result<(), StoreError> {
        let mut items = Vec::with_capacity(ops.len());
        for op in ops {
            let item = match op {
                WriteOp::Put { item, condition } => {
                    let put = Put::builder()
                        .table_name(&self.table)
                        .set_item(Some(to_attributes(&item)?))
                        .set_condition_expression(condition_expression(condition).map(str::to_owned))
                        .build()
                        .map_err(build_error)?;
                    TransactWriteItem::builder().put(put).build()
                }
                WriteOp::Delete { pk, sk, condition } => {
                    let delete = Delete::builder()
                        .table_name(&self.table)
                        .set_key(Some(Self::key(&pk, &sk)))
                        .set_condition_expression(condition_expression(condition).map(str::to_owned))
                        .build()
                        .map_err(build_error)?;
                    TransactWriteItem::builder().delete(delete).build()
                }
            };
            items.push(item);
        }
        match self.client.transact_write_items().set_transact_items(Some(items)).send().await {
            Ok(_) => Ok(()),
            Err(e) => {
                if let Some(TransactWriteItemsError::TransactionCanceledException(cancel)) = e.as_service_error() {
                    // Each op has a reason; "None" for those that were fine. A
                    // failed condition anywhere means the batch was refused as a
                    // whole, which is the port's ConditionFailed. Other reasons
                    // (TransactionConflict, throttling, ...) are backend errors.
                    let condition_failed = cancel.cancellation_reasons().iter().any(|r| r.code() == Some("ConditionalCheckFailed"));
                    if condition_failed {
                        return Err(StoreError::ConditionFailed);
                    }
                }
                Err(sdk_error("TransactWriteItems", &e))
            }
        }
    }
}

/// The condition as a DynamoDB ConditionExpression. `pk` exists on every
/// stored item, so its presence is the item's presence.
fn condition_expression(condition: Condition) -> Option<&'static str> {
    match condition {
        Condition::None => None,
        Condition::MustNotExist => Some("attribute_not_exists(pk)"),
        Condition::MustExist => Some("attribute_exists(pk)"),
    }
}

fn to_attributes(item: &Item) -> Result<HashMap<String, AttributeValue>, StoreError> {
    if item.pk.is_empty() || item.sk.is_empty() {
        return Err(StoreError::Backend("pk and sk must not be empty".into()));
    }
    let doc = serde_json::to_string(&item.attrs).map_err(|e| StoreError::Backend(format!("cannot encode item: {e}")))?;
    let mut attrs = DynamoTable::key(&item.pk, &item.sk);
    attrs.insert(DOC.to_owned(), AttributeValue::S(doc));
    Ok(attrs)
}

/// Decodes a stored item; `None` for a counter (no `doc`).
fn from_attributes(attrs: &HashMap<String, AttributeValue>) -> Result<Option<Item>, StoreError> {
    let string = |name: &str| match attrs.get(name) {
        Some(AttributeValue::S(s)) => Ok(s.as_str()),
        _ => Err(StoreError::Corrupt(format!("item has no string attribute `{name}`"))),
    };
    let (pk, sk) = (string(PK)?, string(SK)?);
    let doc = match attrs.get(DOC) {
        Some(AttributeValue::S(doc)) => doc,
        Some(_) => return Err(StoreError::Corrupt(format!("item ({pk}, {sk}): `doc` is not a string"))),
        None => return Ok(None),
    };
    match serde_json::from_str::<Value>(doc) {
        Ok(Value::Object(map)) => Ok(Some(Item::new(pk, sk, map))),
        Ok(_) => Err(StoreError::Corrupt(format!("item ({pk}, {sk}) is not a JSON object"))),
        Err(e) => Err(StoreError::Corrupt(format!("item ({pk}, {sk}): {e}"))),
    }
}

fn parse_count(value: &AttributeValue) -> Result<i64, StoreError> {
    match value {
        AttributeValue::N(n) => n.parse::<i64>().map_err(|e| StoreError::Corrupt(format!("counter value {n:?}: {e}"))),
        _ => Err(StoreError::Corrupt("counter `count` is not a number".into())),
    }
}

fn build_error(e: aws_sdk_dynamodb::error::BuildError) -> StoreError {
    StoreError::Backend(format!("dynamodb request: {e}"))
}

/// A short description of an SDK error for [`StoreError::Backend`]: the
/// service's error code and message, or the transport failure. Neither carries
/// credentials (the SDK never prints them); the message is cut to a log line.
fn sdk_error<E, R>(operation: &str, err: &SdkError<E, R>) -> StoreError
where
    E: ProvideErrorMetadata + std::error::Error + 'static,
    R: std::fmt::Debug,
{
    let detail = match err {
        SdkError::ServiceError(service) => {
            let e = service.err();
            format!("{}: {}", e.code().unwrap_or("UnknownError"), e.message().unwrap_or("no message"))
        }
        SdkError::TimeoutError(_) => "request timed out".to_owned(),
        other => DisplayErrorContext(other).to_string(),
    };
    StoreError::Backend(format!("dynamodb {operation}: {}", truncate(&detail, MAX_MESSAGE)))
}

/// What one counter add is in DynamoDB's update language: `ADD` to
/// `count`, the first expiry kept (a window's counter expires with its
/// window, however often it is bumped), and the limit as a condition.
struct CounterUpdate {
    update: String,
    condition: Option<&'static str>,
    values: HashMap<String, AttributeValue>,
}

fn counter_update(by: i64, limit: Option<i64>, expires_at: Option<i64>) -> Result<CounterUpdate, StoreError> {
    let mut update = "ADD #count :by".to_owned();
    let mut values = HashMap::from([(":by".to_owned(), AttributeValue::N(by.to_string()))]);
    if let Some(exp) = expires_at {
        update.push_str(" SET expires_at = if_not_exists(expires_at, :exp)");
        values.insert(":exp".to_owned(), AttributeValue::N(exp.to_string()));
    }
    let mut condition = None;
    if let Some(limit) = limit {
        // Applied iff current + by <= limit, i.e. current <= limit - by.
        let max = limit.checked_sub(by).ok_or_else(|| StoreError::Backend("counter limit out of range".into()))?;
        // An absent counter is 0: it passes iff 0 <= max. (A comparison with
        // a missing attribute is false in DynamoDB, so when max < 0 the bare
        // comparison refuses the absent counter, as it must.)
        condition = Some(if max >= 0 { "attribute_not_exists(#count) OR #count <= :max" } else { "#count <= :max" });
        values.insert(":max".to_owned(), AttributeValue::N(max.to_string()));
    }
    Ok(CounterUpdate { update, condition, values })
}

/// Full-jitter backoff before try `attempt` (1-based) of a conflicted transaction.
fn conflict_backoff(attempt: u32) -> std::time::Duration {
    let ceiling_ms = 2u64 << attempt.min(6);
    std::time::Duration::from_micros(rand::random_range(0..ceiling_ms * 1000))
}

fn truncate(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

#[async_trait]
impl Table for DynamoTable {
    async fn get(&self, pk: &str, sk: &str) -> Result<Option<Item>, StoreError> {
        let out = self
            .client
            .get_item()
            .table_name(&self.table)
            .set_key(Some(Self::key(pk, sk)))
            .consistent_read(true)
            .send()
            .await
            .map_err(|e| sdk_error("GetItem", &e))?;
        match out.item() {
            Some(attrs) => from_attributes(attrs),
            None => Ok(None),
        }
    }

    async fn query(&self, pk: &str, sk_prefix: &str, limit: Option<usize>) -> Result<Vec<Item>, StoreError> {
        let limit = limit.unwrap_or(usize::MAX);
        let mut items = Vec::new();
        if limit == 0 {
            return Ok(items);
        }
        let mut start: Option<HashMap<String, AttributeValue>> = None;
        loop {
            let mut req = self.partition_query(pk, sk_prefix, start.take());
            // Ask for no more than still needed (DynamoDB also stops a page at
            // 1 MB). Counters are skipped below, so a page may yield fewer.
            let remaining = limit - items.len();
            if let Ok(page_limit) = i32::try_from(remaining) {
                req = req.limit(page_limit);
            }
            let out = req.send().await.map_err(|e| sdk_error("Query", &e))?;
            for attrs in out.items() {
                if let Some(item) = from_attributes(attrs)? {
                    items.push(item);
                    if items.len() >= limit {
                        return Ok(items);
                    }
                }
            }
            match out.last_evaluated_key() {
                Some(key) if !key.is_empty() => start = Some(key.clone()),
                _ => return Ok(items),
            }
        }
    }

    async fn write(&self, mut ops: Vec<WriteOp>) -> Result<(), StoreError> {
        match ops.len() {
            0 => Ok(()),
            // A single op needs no transaction: a conditional PutItem/DeleteItem
            // is atomic and costs half a transactional write.
            1 => match ops.pop() {
                Some(op) => self.write_one(op).await,
                None => Ok(()),
            },
            n if n > MAX_WRITE_OPS => Err(StoreError::Backend(format!("a write takes at most {MAX_WRITE_OPS} ops, got {n}"))),
            _ => self.write_many(ops).await,
        }
    }

    async fn increment(&self, pk: &str, sk: &str, by: i64, limit: Option<i64>, expires_at: Option<i64>) -> Result<Increment, StoreError> {
        match self.update_counter(pk, sk, by, limit, expires_at).await? {
            Some(count) => Ok(Increment::Applied { count }),
            None => Ok(Increment::Refused { count: self.read_counter(pk, sk).await? }),
        }
    }

    async fn increment_all(&self, adds: &[CounterIncrement]) -> Result<Increments, StoreError> {
        match adds {
            [] => return Ok(Increments::Applied),
            // One counter needs no transaction (half the write cost).
            [add] => {
                return Ok(match self.update_counter(&add.pk, &add.sk, add.by, add.limit, add.expires_at).await? {
                    Some(_) => Increments::Applied,
                    None => Increments::Refused { index: 0 },
                });
            }
            _ if adds.len() > MAX_WRITE_OPS => {
                return Err(StoreError::Backend(format!("an increment takes at most {MAX_WRITE_OPS} counters, got {}", adds.len())));
            }
            _ => {}
        }
        let mut items = Vec::with_capacity(adds.len());
        for add in adds {
            let update = counter_update(add.by, add.limit, add.expires_at)?;
            let update = Update::builder()
                .table_name(&self.table)
                .set_key(Some(Self::key(&add.pk, &add.sk)))
                .update_expression(update.update)
                .set_condition_expression(update.condition.map(str::to_owned))
                .expression_attribute_names("#count", COUNT)
                .set_expression_attribute_values(Some(update.values))
                .build()
                .map_err(build_error)?;
            items.push(TransactWriteItem::builder().update(update).build());
        }
        let mut attempt = 1;
        loop {
            let error = match self.client.transact_write_items().set_transact_items(Some(items.clone())).send().await {
                Ok(_) => return Ok(Increments::Applied),
                Err(error) => error,
            };
            if let Some(TransactWriteItemsError::TransactionCanceledException(cancel)) = error.as_service_error() {
                // One reason per add, in order ("None" for those that were fine).
                let reasons = cancel.cancellation_reasons();
                if let Some(index) = reasons.iter().position(|r| r.code() == Some("ConditionalCheckFailed")) {
                    return Ok(Increments::Refused { index });
                }
                if attempt < CONFLICT_TRIES && reasons.iter().any(|r| r.code() == Some("TransactionConflict")) {
                    tokio::time::sleep(conflict_backoff(attempt)).await;
                    attempt += 1;
                    continue;
                }
            }
            return Err(sdk_error("TransactWriteItems", &error));
        }
    }

    async fn get_many(&self, keys: &[(String, String)]) -> Result<Vec<Option<Item>>, StoreError> {
        let mut found: HashMap<(String, String), Item> = HashMap::with_capacity(keys.len());
        // DynamoDB refuses a batch naming a key twice.
        let mut wanted: Vec<&(String, String)> = Vec::with_capacity(keys.len());
        for key in keys {
            if !wanted.contains(&key) {
                wanted.push(key);
            }
        }
        for chunk in wanted.chunks(MAX_BATCH_GET) {
            let mut request = KeysAndAttributes::builder()
                .set_keys(Some(chunk.iter().map(|(pk, sk)| Self::key(pk, sk)).collect()))
                .consistent_read(true)
                .build()
                .map_err(build_error)?;
            // What DynamoDB leaves unprocessed (throttling, 16 MB) is asked again.
            for attempt in 1.. {
                let out = self
                    .client
                    .batch_get_item()
                    .request_items(&self.table, request)
                    .send()
                    .await
                    .map_err(|e| sdk_error("BatchGetItem", &e))?;
                for attrs in out.responses().and_then(|r| r.get(&self.table)).into_iter().flatten() {
                    if let Some(item) = from_attributes(attrs)? {
                        found.insert((item.pk.clone(), item.sk.clone()), item);
                    }
                }
                match out.unprocessed_keys().and_then(|u| u.get(&self.table)) {
                    Some(rest) if !rest.keys().is_empty() => {
                        if attempt >= CONFLICT_TRIES {
                            return Err(StoreError::Backend("dynamodb BatchGetItem: keys left unprocessed after retries".into()));
                        }
                        request = rest.clone();
                        tokio::time::sleep(conflict_backoff(attempt)).await;
                    }
                    _ => break,
                }
            }
        }
        Ok(keys.iter().map(|key| found.get(key).cloned()).collect())
    }

    async fn counter(&self, pk: &str, sk: &str) -> Result<i64, StoreError> {
        self.read_counter(pk, sk).await
    }

    async fn counters(&self, pk: &str, sk_prefix: &str) -> Result<Vec<(String, i64)>, StoreError> {
        let mut found = Vec::new();
        let mut start: Option<HashMap<String, AttributeValue>> = None;
        loop {
            let req = self.partition_query(pk, sk_prefix, start.take()).expression_attribute_names("#count", COUNT);
            // Items (with `doc`) share the key space; only counters have `count`.
            let out = req.filter_expression("attribute_exists(#count)").send().await.map_err(|e| sdk_error("Query", &e))?;
            for attrs in out.items() {
                let (Some(AttributeValue::S(sk)), Some(count)) = (attrs.get(SK), attrs.get(COUNT)) else {
                    return Err(StoreError::Corrupt("counter without sk or count".into()));
                };
                found.push((sk.clone(), parse_count(count)?));
            }
            match out.last_evaluated_key() {
                Some(key) if !key.is_empty() => start = Some(key.clone()),
                _ => return Ok(found),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncate_keeps_char_boundaries() {
        assert_eq!(truncate("héllo", 2), "h");
        assert_eq!(truncate("abc", 10), "abc");
    }

    #[test]
    fn counters_are_not_items() {
        let counter = HashMap::from([
            (PK.to_owned(), AttributeValue::S("p".into())),
            (SK.to_owned(), AttributeValue::S("s".into())),
            (COUNT.to_owned(), AttributeValue::N("3".into())),
        ]);
        assert!(matches!(from_attributes(&counter), Ok(None)));
    }

    #[test]
    fn conditions_map_to_key_presence() {
        assert_eq!(condition_expression(Condition::None), None);
        assert_eq!(condition_expression(Condition::MustNotExist), Some("attribute_not_exists(pk)"));
        assert_eq!(condition_expression(Condition::MustExist), Some("attribute_exists(pk)"));
    }
}
