//! AWS Lambda entry of edge metering: S3 notifications of CloudFront log
//! files (see `edge_metering`).

use std::sync::Arc;

use aws_lambda_events::event::s3::S3Event;
use lambda_runtime::{LambdaEvent, service_fn};

#[tokio::main]
async fn main() -> Result<(), lambda_runtime::Error> {
    shared::runtime::init_tracing();
    let config = shared::config::Config::load().await?;
    let aws = shared::aws::sdk_config(&config.aws_calls).await;
    let metering = Arc::new(edge_metering::EdgeMetering::new(&config, &aws)?);
    lambda_runtime::run(service_fn(move |event: LambdaEvent<S3Event>| {
        let metering = metering.clone();
        async move { metering.handle(event.payload).await.map_err(lambda_runtime::Error::from) }
    }))
    .await
}
