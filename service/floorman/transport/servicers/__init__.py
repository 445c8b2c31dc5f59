"""Thin gRPC servicers: protobuf -> domain/app call -> protobuf, errors mapped in one place."""

from floorman.transport.servicers.rules import RulesCore, RulesServicer

__all__ = ["RulesCore", "RulesServicer"]
