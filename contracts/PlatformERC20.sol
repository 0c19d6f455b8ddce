// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {TokenFeatures, TokenFeatureFlags} from "./common/TokenFeatures.sol";
import {PlatformERC20Roles, PlatformERC20Base} from "./common/PlatformERC20Base.sol";
import {PlatformRoles} from "./common/PlatformRoles.sol";

/// The platform's ERC-20: EIP-2612 permit, ERC-1363 transfer/approve-and-call, pausing and burning,
/// with AccessControl roles (enumerable, so the API can list role members without scanning logs).
/// Burning needs BURNER_ROLE; `burnFrom` also spends the holder's allowance.
contract PlatformERC20 is PlatformERC20Roles {
    /// `admin` receives the initial supply and every role.
    constructor(
        string memory name_,
        string memory symbol_,
        uint8 decimals_,
        uint256 initialSupply,
        address admin,
        TokenFeatures memory features_
    ) PlatformERC20Base(name_, symbol_, decimals_) PlatformRoles(admin) TokenFeatureFlags(features_) {
        if (initialSupply > 0) _mint(admin, initialSupply);
    }
}
