"""archex: the architecture explorer's simulation engine for Python."""
