// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import "./TestToken.sol";

/// @title WrappedNative
/// @notice The chain's coin as an ERC-20, 1:1: `deposit` wraps the ether sent, `withdraw` unwraps.
/// Being a TestToken, `mint` is open too (test chains only).
contract WrappedNative is TestToken {
    event Deposit(address indexed to, uint256 amount);
    event Withdrawal(address indexed from, uint256 amount);

    constructor(string memory name_, string memory symbol_, uint8 decimals_) TestToken(name_, symbol_, decimals_) {}

    receive() external payable {
        deposit();
    }

    /// @notice Credits the ether sent as tokens to the sender.
    function deposit() public payable {
        totalSupply += msg.value;
        balanceOf[msg.sender] += msg.value;
        emit Deposit(msg.sender, msg.value);
        emit Transfer(address(0), msg.sender, msg.value);
    }

    /// @notice Burns `amount` of the sender's tokens and sends as much ether back.
    function withdraw(uint256 amount) external {
        uint256 held = balanceOf[msg.sender];
        require(held >= amount, "ERC20: balance");
        unchecked {
            balanceOf[msg.sender] = held - amount;
        }
        totalSupply -= amount;
        emit Withdrawal(msg.sender, amount);
        emit Transfer(msg.sender, address(0), amount);
        (bool sent, ) = msg.sender.call{value: amount}("");
        require(sent, "WRAPPED: ether transfer");
    }
}
