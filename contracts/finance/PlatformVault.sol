// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {ERC4626} from "@openzeppelin/contracts/token/ERC20/extensions/ERC4626.sol";

/// @notice OpenZeppelin's ERC-4626 tokenized vault over one ERC-20 asset, made deployable (ERC4626 is
/// abstract). Shares are an ERC-20 of their own (`name`, `symbol`); the virtual-offset defence against
/// the inflation attack is OpenZeppelin's default (offset 0).
contract PlatformVault is ERC4626 {
    constructor(IERC20 asset_, string memory name_, string memory symbol_) ERC20(name_, symbol_) ERC4626(asset_) {}
}
