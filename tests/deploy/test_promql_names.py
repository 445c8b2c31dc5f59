"""The PromQL lexer the dashboard-metrics test relies on (tests/deploy/promql.py)."""

from __future__ import annotations

import pytest

from tests.deploy.promql import (
    Matcher,
    PromQLLexError,
    Selector,
    grouping_labels,
    metric_names,
    selectors,
    substitute_grafana_variables,
)


def test_histogram_quantile_reads_the_bucket_series_not_the_functions():
    """histogram_quantile(sum by (le) (rate(x_bucket[5m]))) reads x_bucket only."""
    expr = "histogram_quantile(0.99, sum by (grpc_method, le) (rate(h_bucket[5m])))"
    assert metric_names(expr) == {"h_bucket"}
    assert grouping_labels(expr) == {"grpc_method", "le"}


def test_matchers_keep_operator_and_unescaped_value():
    """Label matchers come back with their operator and the string value unescaped."""
    expr = r'a_total{job="f", grpc_service=~"floorman\\.v1\\..+", code!~"OK|X", s!="}"}'
    assert selectors(expr) == [
        Selector(
            "a_total",
            (
                Matcher("job", "=", "f"),
                Matcher("grpc_service", "=~", r"floorman\.v1\..+"),
                Matcher("code", "!~", "OK|X"),
                Matcher("s", "!=", "}"),
            ),
        )
    ]


def test_keywords_aggregations_numbers_and_strings_are_not_metrics():
    """Binary keywords, aggregations with a trailing clause, numbers, durations and string
    arguments are skipped; every selector in a compound expression is found."""
    expr = (
        "sum without (x) (b_total offset 1h) > bool 0.05 and absent(up{job='f'}) "
        "or count(c:recorded == 1) + 1e3 + topk(5, d) "
        '+ label_replace(e, "dst", "$1", "src", "(.*)") + f[5m:30s] + Inf'
    )
    assert [s.name for s in selectors(expr)] == ["b_total", "up", "c:recorded", "d", "e", "f"]
    assert grouping_labels(expr) == {"x"}


def test_vector_matching_clauses_are_grouping_labels():
    """on(...), ignoring(...), group_left(...) list labels, not metrics."""
    expr = "a / on (job, instance) group_left (pod) b + ignoring(code) c"
    assert metric_names(expr) == {"a", "b", "c"}
    assert grouping_labels(expr) == {"job", "instance", "pod", "code"}


def test_name_matcher_selector_counts_as_its_metric():
    """{__name__="x", job="f"} selects metric x with the other matchers."""
    assert selectors('{__name__="x_total", job="f"}') == [
        Selector("x_total", (Matcher("job", "=", "f"),))
    ]


def test_grafana_variables_are_substituted_with_builtins_and_given_values():
    """$__rate_interval and ${var} are replaced; an unknown variable is a KeyError."""
    expr = 'rate(a{instance=~"$instance", s=~"${service}"}[$__rate_interval])'
    assert substitute_grafana_variables(expr, {"instance": ".*", "service": "x"}) == (
        'rate(a{instance=~".*", s=~"x"}[5m])'
    )
    with pytest.raises(KeyError):
        substitute_grafana_variables('a{x=~"$nope"}', {})


def test_unterminated_input_is_an_error():
    """An unterminated string or matcher block raises PromQLLexError."""
    with pytest.raises(PromQLLexError):
        selectors('a{job="f}')
    with pytest.raises(PromQLLexError):
        selectors("sum(rate(a[5m])")
