"""The ``--anonymous-role`` setting (DESIGN.md redaction per role; auth arrives later)."""

from __future__ import annotations

import pytest

from floorman.config import ConfigError, resolve_settings


def test_anonymous_role_defaults_to_observer():
    """Without a flag or variable every caller sees cards as an observer."""
    assert resolve_settings(env={}).anonymous_role == "observer"


def test_anonymous_role_from_flag_or_environment():
    """The flag wins over FLOORMAN_ANONYMOUS_ROLE; names are case-insensitive."""
    env = {"FLOORMAN_ANONYMOUS_ROLE": "Auditor"}
    assert resolve_settings(env=env).anonymous_role == "auditor"
    assert resolve_settings(anonymous_role="DEALER", env=env).anonymous_role == "dealer"


def test_unknown_anonymous_role_is_a_config_error_naming_its_source():
    """A role outside observer/auditor/dealer is refused, naming the flag or variable."""
    with pytest.raises(ConfigError, match="--anonymous-role"):
        resolve_settings(anonymous_role="admin", env={})
    with pytest.raises(ConfigError, match="FLOORMAN_ANONYMOUS_ROLE"):
        resolve_settings(env={"FLOORMAN_ANONYMOUS_ROLE": "root"})
