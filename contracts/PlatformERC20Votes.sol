// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {ERC20Permit} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Permit.sol";
import {ERC20Votes} from "@openzeppelin/contracts/token/ERC20/extensions/ERC20Votes.sol";
import {Nonces} from "@openzeppelin/contracts/utils/Nonces.sol";
import {Time} from "@openzeppelin/contracts/utils/types/Time.sol";
import {TokenFeatures, TokenFeatureFlags} from "./common/TokenFeatures.sol";
import {PlatformERC20Roles, PlatformERC20Base} from "./common/PlatformERC20Base.sol";
import {PlatformRoles} from "./common/PlatformRoles.sol";

/// The platform's votes-enabled ERC-20 (a governance voting token): PlatformERC20's roles, features,
/// permit and ERC-1363, plus ERC20Votes checkpoints and delegation. Its clock is the block number (OpenZeppelin's
/// default) or, when `timestampClock_`, the block timestamp (ERC-6372 `clock`/`CLOCK_MODE`).
contract PlatformERC20Votes is PlatformERC20Roles, ERC20Votes {
    bool private immutable _timestampClock;

    /// `admin` receives the initial supply and every role.
    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        uint256 initialSupply,
        address admin,
        TokenFeatures memory features_,
        bool timestampClock_
    ) PlatformERC20Base(name_, symbol_, decimals_) PlatformRoles(admin) TokenFeatureFlags(features_) {
        // Set before the initial mint, whose supply checkpoint is taken on this clock.
        _timestampClock = timestampClock_;
        if (initialSupply > 0) _mint(admin, initialSupply);
    }

    function clock() public view override returns (uint48) {
        return _timestampClock ? Time.timestamp() : Time.blockNumber();
    }

    // solhint-disable-next-line func-name-mixedcase
    function CLOCK_MODE() public view override returns (string memory) {
        return _timestampClock ? "mode=timestamp" : "mode=blocknumber&from=default";
    }

    function decimals() public view override(ERC20, PlatformERC20Base) returns (uint8) {
        return super.decimals();
    }

    function _update(address from, address to, uint256 value) internal override(PlatformERC20Base, ERC20Votes) {
        super._update(from, to, value);
    }

    function nonces(address owner) public view override(ERC20Permit, Nonces) returns (uint256) {
        return super.nonces(owner);
    }
}
