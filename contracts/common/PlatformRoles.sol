// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControlEnumerable} from "@openzeppelin/contracts/access/extensions/AccessControlEnumerable.sol";
import {RoleGated} from "./RoleGated.sol";

/// The gates as AccessControl roles (enumerable, so the API can list role members without scanning logs).
/// `admin` receives every role.
abstract contract PlatformRoles is AccessControlEnumerable, RoleGated {
    bytes32 public constant MINTER_ROLE = keccak256("MINTER_ROLE");
    bytes32 public constant PAUSER_ROLE = keccak256("PAUSER_ROLE");
    bytes32 public constant BURNER_ROLE = keccak256("BURNER_ROLE");

    constructor(address admin) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(MINTER_ROLE, admin);
        _grantRole(PAUSER_ROLE, admin);
        _grantRole(BURNER_ROLE, admin);
    }

    function _checkMinter() internal view override {
        _checkRole(MINTER_ROLE);
    }

    function _checkBurner() internal view override {
        _checkRole(BURNER_ROLE);
    }

    function _checkPauser() internal view override {
        _checkRole(PAUSER_ROLE);
    }
}
