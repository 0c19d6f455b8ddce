// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice The local chain's stand-in for USDC and USDT (a platform base contract of the local chain only):
/// a plain ERC-20 with 6 decimals like the real ones. `holders` each get `amountEach` at deployment, and
/// `mint` is open to anyone, as on a testnet faucet: it exists so tests and developers can pay crypto checkouts.
contract LocalStablecoin is ERC20 {
    constructor(string memory name_, string memory symbol_, address[] memory holders, uint256 amountEach) ERC20(name_, symbol_) {
        for (uint256 i = 0; i < holders.length; i++) _mint(holders[i], amountEach);
    }

    function decimals() public pure override returns (uint8) {
        return 6;
    }

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }
}
