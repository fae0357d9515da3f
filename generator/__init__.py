"""mlperf-wiki generator: MLPerf Inference results -> a trilingual MkDocs site."""
