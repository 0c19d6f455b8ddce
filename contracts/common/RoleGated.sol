// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {TokenFeatures, TokenFeatureFlags} from "./TokenFeatures.sol";

/// The minter, burner and pauser gates every platform token has, whatever its role scheme
/// (AccessControl in PlatformRoles, a bitmap in PlatformERC20Alt), and the pause switch behind them.
abstract contract RoleGated is Pausable, TokenFeatureFlags {
    modifier onlyMinter() {
        _checkMinter();
        _;
    }

    modifier onlyBurner() {
        _checkBurner();
        _;
    }

    modifier onlyPauser() {
        _checkPauser();
        _;
    }

    function _checkMinter() internal view virtual;
    function _checkBurner() internal view virtual;
    function _checkPauser() internal view virtual;

    function pause() external onlyPauser whenPausable {
        _pause();
    }

    function unpause() external onlyPauser {
        _unpause();
    }
}
